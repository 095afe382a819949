#!/usr/bin/env bash
# `caret edit` as a person uses it (issue 26): a release `caret` driven inside tmux (send-keys,
# capture-pane) through scenarios in Japanese, Arabic, Hindi, emoji and tabs at 40 columns —
# open, move by visual line, type, undo/redo, paste, find, save, quit — each screen and saved
# file compared with what it must be; then the first screen and the keystroke update time on a
# 100 MB file, from the editor's own timings (CARET_EDIT_TIMINGS).
#
#   Tests/Scripts/edit-tmux.sh            (needs tmux: apt-get install -y tmux)
#
# CARET_EXECUTABLE names a built `caret` (else a release build is made); EDIT_BIG_MB sets the
# big file's size (default 100; 0 skips it); EDIT_SHOW_SCREENS=1 prints each checked screen (the
# status line included) after its check.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${CARET_EXECUTABLE:-}" ]; then
  swift build -c release --product caret >/dev/null
  CARET_EXECUTABLE="$(swift build -c release --show-bin-path)/caret"
fi
command -v tmux >/dev/null || { echo "edit-tmux: tmux is not installed" >&2; exit 1; }
work=$(mktemp -d)
run=0
socket="caret-edit-$$-$run"
tmx() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() { tmx kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Starts the editor on FILE in a COLUMNS×ROWS window and waits for its status line.
start() {
  local file=$1 columns=${2:-40} rows=${3:-12}
  # A fresh tmux server for each run.
  tmx kill-server 2>/dev/null || true
  run=$((run + 1))
  socket="caret-edit-$$-$run"
  tmx new-session -d -s edit -x "$columns" -y "$rows" \
    "env CARET_EDIT_TIMINGS='$work/timings' '$CARET_EXECUTABLE' edit '$file'; sleep 30"
  wait_for "Ln 1, Col 1" 20
}
screen() { tmx capture-pane -p -t edit; }
cursor() { tmx display-message -p -t edit '#{cursor_x},#{cursor_y}'; }
show() { if [ -n "${EDIT_SHOW_SCREENS:-}" ]; then screen | sed -e 's/^/    | /'; echo "    cursor $(cursor)"; fi; }
keys() { tmx send-keys -t edit "$@"; }
# Waits until the screen contains TEXT (up to SECONDS).
wait_for() {
  local text=$1 seconds=${2:-5} i
  for ((i = 0; i < seconds * 20; i++)); do
    if screen | grep -qF -- "$text"; then return 0; fi
    sleep 0.05
  done
  fail "screen never showed '$text'"
  screen >&2
  return 1
}
# Waits until the screen's text rows (the status line aside) are EXPECTED, then checks the
# cursor is at X,Y.
expect() {
  local name=$1 expected=$2 at=$3 i got
  for ((i = 0; i < 100; i++)); do
    got=$(screen | head -n -1 | sed -e 's/[[:space:]]*$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}')
    [ "$got" == "$expected" ] && [ "$(cursor)" == "$at" ] && { echo "ok: $name"; show; return 0; }
    sleep 0.05
  done
  fail "$name: screen (cursor $(cursor), expected $at):"
  diff <(echo "$expected") <(echo "$got") >&2 || true
}
expect_file() {
  local name=$1 file=$2 expected=$3
  if cmp -s "$file" <(printf '%s' "$expected"); then echo "ok: $name"; else
    fail "$name: saved file differs"; diff <(printf '%s' "$expected" | od -c) <(od -c "$file") >&2 || true
  fi
}

# --- Scenario 1: multilingual text at 40 columns -------------------------------------------
# The scenario's screen: its first three rows, which no step changes, then the rows given.
multi() { printf '%s\n' "日本語のテキストを編集します。長い行は四" "十桁で折り返されます。" "ملاعلاب ابحرم" "$@"; }
text=$'日本語のテキストを編集します。長い行は四十桁で折り返されます。\nمرحبا بالعالم\nनमस्ते दुनिया\na\tb\tc\n🙂 emoji 👍🏽 done'
printf '%s' "$text" > "$work/multi.txt"
start "$work/multi.txt"
# The screen as opened; the moves below leave it as it is.
opened=$(multi "नमस्ते दुनिया" "a       b       c" "🙂 emoji 👍🏽 done")
expect "open: the Japanese line wraps at 40 columns, Arabic in visual order, tabs to stops" "$opened" "0,0"
keys Down
expect "down: one visual line, to the continuation" "$opened" "0,1"
keys End
# The end of the Japanese line: after 。 (11 wide characters = 22 columns).
expect "end of the hard line's last visual line" "$opened" "22,1"
keys Up
# Goal column 22 on the first visual line: the character covering column 22 (the 12th, す).
expect "up keeps the display column" "$opened" "22,0"
keys Down Down
# On the Arabic line (13 columns) the goal 22 is past its end: the end of the line.
expect "down to a shorter right-to-left line" "$opened" "13,2"
keys Home
# Home: the start of the line — مـ, drawn at the right end of the reversed word.
expect "home in right-to-left text" "$opened" "12,2"
keys Left
# Left in a right-to-left paragraph moves forward in the text: onto ر, one column to the left.
expect "visual left in right-to-left text" "$opened" "11,2"
keys Down End " जी"
expect "typing Hindi at the end of a line" \
"$(multi "नमस्ते दुनिया जी" "a       b       c" "🙂 emoji 👍🏽 done")" "13,3"
keys Down Home Right Right X
# After a and the tab (to column 8), X goes in front of b: the tab then shrinks to the next stop.
expect "typing after a tab" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 done")" "9,4"
keys Down End BSpace BSpace BSpace BSpace "🎉"
expect "backspace whole clusters, type an emoji" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 🎉")" "16,5"
keys C-z
expect "undo the emoji" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽")" "14,5"
keys C-z C-y
expect "undo and redo the deletion" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽")" "14,5"
keys C-s
wait_for "saved"
expect_file "save keeps every untouched byte and adds no final newline" "$work/multi.txt" \
$'日本語のテキストを編集します。長い行は四十桁で折り返されます。\nمرحبا بالعالم\nनमस्ते दुनिया जी\na\tXb\tc\n🙂 emoji 👍🏽 '
# Selection, copy and paste within the editor; bracketed paste from the terminal as one step.
keys Home S-Right C-c End C-v
expect "shift-select, copy, paste" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 🙂")" "16,5"
tmx set-buffer -- $'\n貼り付け\tok'
tmx paste-buffer -p -t edit
expect "bracketed paste" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 🙂" "貼り付け        ok")" "18,6"
keys C-z
expect "one undo removes the whole paste" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 🙂")" "16,5"
keys C-f "Xb" Enter
expect "find selects the match" \
"$(multi "नमस्ते दुनिया जी" "a       Xb      c" "🙂 emoji 👍🏽 🙂")" "10,4"
# A narrower window re-wraps the text at its new width.
tmx resize-window -t edit -x 30 -y 12
expect "resize to 30 columns re-wraps" \
"日本語のテキストを編集します。
長い行は四十桁で折り返されま
す。
ملاعلاب ابحرم
नमस्ते दुनिया जी
a       Xb      c
🙂 emoji 👍🏽 🙂" "10,5"
tmx resize-window -t edit -x 40 -y 12
keys C-q
wait_for "unsaved"
keys C-q
sleep 0.5
expect_file "quit twice discards the unsaved paste" "$work/multi.txt" \
$'日本語のテキストを編集します。長い行は四十桁で折り返されます。\nمرحبا بالعالم\nनमस्ते दुनिया जी\na\tXb\tc\n🙂 emoji 👍🏽 '

# --- Scenario 2: CRLF, a final newline, combining marks -------------------------------------
printf 'cafe\xcc\x81 line\r\nsecond\r\n' > "$work/crlf.txt"
start "$work/crlf.txt"
keys End "!" Down Enter "x" C-s
wait_for "saved"
keys C-q
expect_file "CRLF kept, Enter inserts CRLF, the final newline stays" "$work/crlf.txt" $'cafe\xcc\x81 line!\r\nsecond\r\nx\r\n'
# (End after café: the combining mark stays with its e; "!" lands after "line".)

# --- Scenario 3: a 100 MB file: first screen and keystroke updates --------------------------
big_mb=${EDIT_BIG_MB:-100}
if [ "$big_mb" -gt 0 ]; then
  python3 - "$work/big.txt" "$big_mb" <<'EOF'
import sys
block = ("日本語のテキストを編集します。長い行は四十桁で折り返されます。 Latin words wrap at spaces like this. "
         "مرحبا بالعالم نص عربي\nनमस्ते दुनिया 🙂 emoji 👍🏽 and a\ttab\n").encode()
with open(sys.argv[1], "wb") as f:
    f.write(block * (int(sys.argv[2]) * 1024 * 1024 // len(block)))
EOF
  rm -f "$work/timings"
  start "$work/big.txt" 80 24
  # Keys are taken once the whole file is loaded (the first screen says "loading…" until then).
  for ((i = 0; i < 600; i++)); do screen | grep -qF "loading" || break; sleep 0.05; done
  for k in a b c Left Right Down Down PageDown Up BSpace BSpace BSpace End Home PageDown PageUp x y z Enter; do
    keys "$k"
    sleep 0.05
  done
  keys C-z
  sleep 0.5
  keys C-q C-q
  sleep 0.5
  python3 - "$work/timings" <<'EOF'
import statistics, sys
first, ready, keys = None, None, []
for line in open(sys.argv[1]):
    name, value = line.split()
    if name == "first-screen-ms": first = float(value)
    elif name == "ready-ms": ready = float(value)
    else: keys.append(float(value))
print(f"100 MB file: first screen {first:.0f} ms after start (target ≤ 1000), keys taken from {ready:.0f} ms; "
      f"keystroke screen update median {statistics.median(keys):.2f} ms, max {max(keys):.2f} ms "
      f"over {len(keys)} updates (target ≤ 5)")
# A fail only far beyond the targets: the machine is shared.
if first > 3000 or statistics.median(keys) > 15: sys.exit(1)
EOF
  [ $? -eq 0 ] || fail "100 MB file far over the targets"
fi

if [ "$failures" -gt 0 ]; then
  echo "edit-tmux: $failures failure(s)" >&2
  exit 1
fi
echo "edit-tmux: all scenarios passed"
