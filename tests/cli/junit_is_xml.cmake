# `check --format junit` on a failing file and a file with a hostile name:
# the output parses as XML, has a <failure> for summary-hit-sum, and counts
# its test cases right.
execute_process(COMMAND "${BIN}" check --format junit data/check/summary-hit-sum.json
                        data/check/clean.json data/control_chars.json
  RESULT_VARIABLE rc OUTPUT_VARIABLE xml ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "exit status ${rc}, expected 1\n${err}")
endif()
set(script [=[
import sys, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
assert root.tag == "testsuites", root.tag
suites = root.findall("testsuite")
assert len(suites) == 3, len(suites)
for s in suites:
    assert int(s.get("tests")) == len(s.findall("testcase")), s.get("name")
    assert int(s.get("failures")) == len([c for c in s.findall("testcase") if c.find("failure") is not None])
failures = root.findall(".//failure")
assert [f.get("type") for f in failures] == ["summary-hit-sum"], [f.get("type") for f in failures]
assert "repo_hit_num is 4" in failures[0].get("message")
assert int(root.get("failures")) == 1
print("ok")
]=])
file(WRITE "${OUT}" "${xml}")
execute_process(COMMAND "${PYTHON}" -c "${script}"
  INPUT_FILE "${OUT}"
  RESULT_VARIABLE prc OUTPUT_VARIABLE pout ERROR_VARIABLE perr)
if(NOT prc EQUAL 0 OR NOT pout MATCHES "ok")
  message(FATAL_ERROR "not the expected JUnit XML: ${perr}\n${xml}")
endif()
