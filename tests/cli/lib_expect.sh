# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the shell tests (tests/cli, tests/harness): run a command and
# judge its exit status and what it printed, the one way every script does.
#
#   fail WHAT...          print "FAIL WHAT..." and count it in $fails
#   expect_rc STATUS WHAT -- COMMAND...
#                         run COMMAND, its stdout into $EXPECT_OUT and its
#                         stderr into $EXPECT_ERR (default ./out, ./err);
#                         an exit status other than STATUS is a failure,
#                         shown with both outputs.  Returns 0 when it held.
#   has FILE TEXT WHAT    FILE holds TEXT (a fixed string), else a failure
#                         showing FILE.  Returns 0 when it held.
#   expect_cmd STATUS STREAM TEXT -- COMMAND...
#                         expect_rc and has in one: STREAM is out, err or
#                         both (TEXT in either); WHAT is the command line.
#   ok WHAT...            print "ok   WHAT..." (a check that held)
#   expect WHAT COMMAND...
#                         COMMAND (a test: [ ... ], grep -q ...) succeeds,
#                         else a failure named WHAT.
#
# A script ends with: exit $((fails > 0))
fails=0
EXPECT_OUT=${EXPECT_OUT:-out}
EXPECT_ERR=${EXPECT_ERR:-err}

fail() { echo "FAIL $*"; fails=$((fails + 1)); }
ok() { echo "ok   $*"; }

expect() {
    local what=$1
    shift
    "$@" || fail "$what"
}

expect_rc() {
    local want=$1 what=$2
    shift 3
    "$@" >"$EXPECT_OUT" 2>"$EXPECT_ERR"
    local rc=$?
    [ "$rc" -eq "$want" ] && return 0
    fail "$what: exit status $rc, expected $want"
    sed 's/^/  | /' "$EXPECT_OUT" "$EXPECT_ERR"
    return 1
}

has() {
    grep -qF -- "$2" "$1" && return 0
    fail "$3: '$2' not in $1"
    sed 's/^/  | /' "$1"
    return 1
}

expect_cmd() {
    local want=$1 stream=$2 text=$3
    shift 4
    local what="${1##*/} ${*:2}"
    expect_rc "$want" "$what" -- "$@" || return 1
    case $stream in
    out) has "$EXPECT_OUT" "$text" "$what" || return 1 ;;
    err) has "$EXPECT_ERR" "$text" "$what" || return 1 ;;
    both)
        if ! cat "$EXPECT_OUT" "$EXPECT_ERR" | grep -qF -- "$text"; then
            fail "$what: output lacks '$text'"
            sed 's/^/  | /' "$EXPECT_OUT" "$EXPECT_ERR"
            return 1
        fi ;;
    *) fail "expect_cmd: stream '$stream' is not out, err or both"
       return 1 ;;
    esac
}
