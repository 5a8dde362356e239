#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Validates aoe-result's machine-readable output against the JSON Schemas
in docs/ (JSON Schema draft 2020-12, python3-jsonschema).

  validate.py --check-schemas docs/*.schema.json
      every file is a valid draft 2020-12 schema.
  validate.py --schema S --document D [--invalid]
      the document D is valid (or, with --invalid, is not).
  validate.py --schema S [--jsonl] [--def NAME] [--exit N] [--mutations M]
              -- BIN ARGS...
      runs BIN ARGS, expects exit status N (default 0), and validates its
      standard output: one JSON document, or with --jsonl every line against
      #/$defs/NAME. Each mutation in M (a JSON list of {"pointer": "/a/0/b",
      "value": ...} or {"pointer": ..., "remove": true}) applied to the
      output must make it invalid, so the schema is known to have teeth.
"""
import argparse
import copy
import json
import subprocess
import sys

jsonschema = None  # imported by require_jsonschema()


def require_jsonschema():
    global jsonschema
    try:
        import jsonschema as module
    except ImportError:
        sys.exit(f"{sys.executable}: the jsonschema module is missing "
                 "(Debian: apt-get install python3-jsonschema)")
    jsonschema = module


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def validator(schema, definition=None):
    jsonschema.Draft202012Validator.check_schema(schema)
    if definition:
        schema = {**schema, "$ref": f"#/$defs/{definition}"}
        for key in ("oneOf", "anyOf", "type", "required", "properties", "additionalProperties",
                    "unevaluatedProperties"):
            schema.pop(key, None)
    return jsonschema.Draft202012Validator(schema)


def errors(v, doc):
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message}"
            for e in v.iter_errors(doc)]


def resolve(doc, pointer):
    """(parent, key) of a JSON pointer; raises KeyError/IndexError if absent."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    last = parts[-1]
    if isinstance(node, list):
        last = int(last)
        node[last]  # noqa: B018 -- must exist
    elif last not in node:
        raise KeyError(last)
    return node, last


def check_mutations(v, doc, mutations):
    problems = []
    for m in mutations:
        mutated = copy.deepcopy(doc)
        try:
            parent, key = resolve(mutated, m["pointer"])
        except (KeyError, IndexError, ValueError, TypeError):
            problems.append(f"mutation {m}: {m['pointer']} is not in the output")
            continue
        if m.get("remove"):
            del parent[key]
        else:
            parent[key] = m["value"]
        if not errors(v, mutated):
            problems.append(f"mutation {m} is still valid: the schema does not constrain it")
    return problems


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check-schemas", nargs="+")
    p.add_argument("--schema")
    p.add_argument("--document")
    p.add_argument("--invalid", action="store_true")
    p.add_argument("--jsonl", action="store_true")
    p.add_argument("--def", dest="definition")
    p.add_argument("--exit", type=int, default=0)
    p.add_argument("--mutations")
    p.add_argument("command", nargs="*")
    a = p.parse_args()

    require_jsonschema()
    if a.check_schemas:
        for path in a.check_schemas:
            jsonschema.Draft202012Validator.check_schema(load(path))
        print(f"{len(a.check_schemas)} schemas are valid draft 2020-12 schemas")
        return 0

    schema = load(a.schema)
    if a.document:
        problems = errors(validator(schema, a.definition), load(a.document))
        if a.invalid:
            if not problems:
                print(f"{a.document} is valid against {a.schema}, expected invalid", file=sys.stderr)
                return 1
            print(f"{a.document} is invalid as expected: {problems[0]}")
            return 0
        if problems:
            print(f"{a.document}:\n  " + "\n  ".join(problems), file=sys.stderr)
            return 1
        print(f"{a.document} is valid")
        return 0

    if not a.command:
        p.error("give --check-schemas, --document, or a command to run")
    r = subprocess.run(a.command, capture_output=True, text=True)
    if r.returncode != a.exit:
        print(f"{' '.join(a.command)}: exit {r.returncode}, expected {a.exit}\n{r.stderr}",
              file=sys.stderr)
        return 1
    if a.jsonl:
        docs = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
        v = validator(schema, a.definition or "row")
    else:
        docs = [json.loads(r.stdout)]
        v = validator(schema, a.definition)
    if not docs:
        print("no output to validate", file=sys.stderr)
        return 1
    problems = []
    for i, doc in enumerate(docs):
        problems += [f"document {i + 1}: {e}" for e in errors(v, doc)]
    if a.mutations:
        mutations = load(a.mutations)
        if not mutations:
            problems.append(f"{a.mutations} holds no mutation")
        problems += check_mutations(v, docs[0], mutations)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"{len(docs)} document(s) valid against {a.schema}"
          + (f"; {len(load(a.mutations))} mutations rejected" if a.mutations else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
