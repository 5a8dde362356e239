# bash completion for aoe-result                           -*- shell-script -*-
# SPDX-License-Identifier: Apache-2.0
# Installed as share/bash-completion/completions/aoe-result; to try it from a
# checkout: source completions/aoe-result.bash
# Works with or without the bash-completion package.

_aoe_result_commands="show summary ops failed check diff retune locate watch report trend bank log profile help"
_aoe_result_bank_commands="list check diff merge"
_aoe_result_global_opts="--format --color --colour -q --quiet --wide --version -h --help"

# The options of each command (besides the global ones), as `--help` lists them.
_aoe_result_command_opts() {
  case $1 in
    show) echo "-r --recursive -j --jobs --top --all" ;;
    summary) echo "-r --recursive -j --jobs" ;;
    ops) echo "-r --recursive -j --jobs --sort --top --type --name --mode --min-improvement --per-mode --group-by" ;;
    failed) echo "-r --recursive -j --jobs --where" ;;
    check) echo "-r --recursive -j --jobs --max-failed --min-improvement --min-model-improvement --require-complete --no-require-complete --strict --log" ;;
    diff) echo "-r --recursive -j --jobs --fail-above --total --ignore-artefacts --per-mode --top --hide-unchanged" ;;
    retune) echo "-r --recursive -j --jobs -o --output --below --by-type -f --force --from-profile --top --min-share --result" ;;
    locate) echo "--soc-version --soc" ;;
    watch) echo "--interval --stall --settle --once --log" ;;
    report) echo "-r --recursive -j --jobs -o --output --baseline --title --rows --findings --profile -f --force" ;;
    log) echo "-r --recursive -j --jobs" ;;
    profile) echo "-r --recursive -j --jobs --sort --top --type --name --result --fail-above --min-gain --p95-worse" ;;
    trend) echo "-r --recursive -j --jobs --label --per-mode --top --type --name --fail-above --ignore-artefacts" ;;
    bank | bank-list) echo "-r --recursive -j --jobs --built-in --soc --soc-version --op --where" ;;
    bank-check) echo "-r --recursive -j --jobs --built-in --soc --soc-version --strict" ;;
    bank-diff) echo "-j --jobs --result" ;;
    bank-merge) echo "-o --output --prefer --force" ;;
  esac
}

# The formats a command writes; all of them before a command is given.
_aoe_result_formats() {
  case $1 in
    show | summary) echo "text json markdown" ;;
    failed) echo "text json csv" ;;
    locate) echo "text json" ;;
    report) echo "html text" ;;
    ops | trend | profile) echo "text json jsonl csv markdown" ;;
    check | bank-check) echo "text json markdown junit github" ;;
    bank | bank-list) echo "text json jsonl csv markdown" ;;
    diff | bank-diff) echo "text json csv markdown" ;;
    bank-merge) echo "text" ;;
    watch) echo "text jsonl" ;;
    log) echo "text json jsonl" ;;
    *) echo "text json jsonl csv markdown junit github html" ;;
  esac
}

# Result files (*.json), directories and `-`; with a second word `any`,
# files of any name (a log).
_aoe_result_paths() {
  local cur=$1 ext=json
  [[ ${2-} == any ]] && ext=""
  if declare -F _filedir >/dev/null 2>&1; then
    _filedir $ext
  else
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    if [[ -z $ext ]]; then
      COMPREPLY=($(compgen -f -- "$cur"))
    else
      COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.json' -- "$cur"))
    fi
  fi
  [[ $cur == "" || $cur == - ]] && COMPREPLY+=(-)
}

_aoe_result() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev="" i word command=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # --format=json arrives as "--format" "=" "json".
  if [[ $cur == = ]]; then
    cur=""
  elif [[ $prev == = && COMP_CWORD -gt 1 ]]; then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi

  # The command: the first word that is not an option or an option's value.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      --format | --color | --colour) ((i++)) ;;
      -*) ;;
      *)
        if [[ -z $command && " $_aoe_result_commands " == *" $word "* ]]; then
          command=$word
          [[ $command == bank ]] || break
        elif [[ $command == bank && " $_aoe_result_bank_commands " == *" $word "* ]]; then
          command=bank-$word  # bank check, diff, merge: their own options
          break
        fi
        ;;
    esac
  done

  case $prev in
    --format)
      COMPREPLY=($(compgen -W "$(_aoe_result_formats "$command")" -- "$cur"))
      return ;;
    --color | --colour)
      COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
      return ;;
    --sort)
      COMPREPLY=($(compgen -W "saved improvement before after name type" -- "$cur"))
      return ;;
    --mode)
      COMPREPLY=($(compgen -W "Format Schedule Impl" -- "$cur"))
      return ;;
    --findings)
      COMPREPLY=($(compgen -W "all warnings none" -- "$cur"))
      return ;;
    --group-by)
      # One key or a comma list of them (type,mode): complete the last key.
      local done_keys=${cur%"${cur##*,}"}
      COMPREPLY=($(compgen -P "$done_keys" -W "type mode report file" -- "${cur##*,}"))
      compopt -o nospace 2>/dev/null
      return ;;
    -o | --output)
      if declare -F _filedir >/dev/null 2>&1; then
        _filedir
      else
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY=($(compgen -f -- "$cur"))
      fi
      return ;;
    --baseline | --result | --profile)
      _aoe_result_paths "$cur"
      return ;;
    --log)
      _aoe_result_paths "$cur" any
      return ;;
    --prefer)
      COMPREPLY=($(compgen -W "a b" -- "$cur"))
      return ;;
    --top | --type | --name | --min-improvement | --min-model-improvement | --max-failed | \
      --fail-above | --below | --interval | --stall | --settle | --title | --rows | --label | \
      --soc | --soc-version | --op | --where)
      COMPREPLY=()  # a number, a type or a pattern: nothing to offer
      return ;;
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_aoe_result_command_opts "$command") $_aoe_result_global_opts" -- "$cur"))
  elif [[ -z $command ]]; then
    COMPREPLY=($(compgen -W "$_aoe_result_commands" -- "$cur"))
  elif [[ $command == help ]]; then
    COMPREPLY=($(compgen -W "${_aoe_result_commands% help}" -- "$cur"))  # help COMMAND
  elif [[ $command == log || $command == profile ]]; then
    _aoe_result_paths "$cur" any
  elif [[ $command != locate ]]; then
    _aoe_result_paths "$cur"
    if [[ $command == bank ]]; then
      COMPREPLY+=($(compgen -W "$_aoe_result_bank_commands" -- "$cur"))
    fi
  fi
}

complete -F _aoe_result aoe-result
