#!/usr/bin/env bash
# Times taskman's everyday commands on generated task lists, with hyperfine, and reports each
# command's peak memory. Where Taskwarrior is installed (`apt-get install taskwarrior`), runs the
# same operations on the same tasks with it, each right after taskman's, and prints the ratio
# of the means and of the medians. Not part of the test suite.
#
# Usage: Benchmarks/cli-bench.sh [SIZE…]      (default: 10000 100000)
#        RUNS=20 Benchmarks/cli-bench.sh 10000   (hyperfine runs per command; default 10)
#        ONLY='query|archive' Benchmarks/cli-bench.sh   (only the commands whose names match)
#
# Installs hyperfine (and GNU time) from Debian's packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(10000 100000)
runs="${RUNS:-10}"

install_packages() {
  local missing=()
  command -v hyperfine >/dev/null || missing+=(hyperfine)
  [ -x /usr/bin/time ] || missing+=(time)
  [ ${#missing[@]} -eq 0 ] && return
  echo "== installing ${missing[*]} from Debian's packages"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}
install_packages

echo "== building taskman (release)"
swift build -c release --product taskman >/dev/null
taskman="$(swift build -c release --show-bin-path)/taskman"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A TaskPaper document with SIZE tasks: projects of 50 tasks, a third tagged @home, some due,
# a tenth done, a note now and then.
generate() {
  python3 - "$1" <<'PY'
import random, sys
n = int(sys.argv[1]); rng = random.Random(42)
out = []
for i in range(n):
    if i % 50 == 0:
        out.append(f"Project {i // 50}:")
    tags = []
    if i % 3 == 0: tags.append("@home")
    if i % 7 == 0: tags.append(f"@due(2026-{1 + i % 12:02d}-{1 + i % 28:02d})")
    if i % 10 == 0: tags.append("@done(2026-11-01)")
    tags.append(rng.choice(["@work", "@errand", "@call", "@read"]))
    out.append(f"\t- Task number {i} with a reasonably long title {' '.join(tags)}")
    if i % 25 == 0:
        out.append("\t\tA note under the task.")
print("\n".join(out))
PY
}

# The mean and the median time of the hyperfine runs, in milliseconds, separated by a space.
# $1: name, $2: prepare command (a shell command), $3: command (words, quoted as in a shell,
# run without one), $4: the command's environment variable (NAME=value).
#
# The commands run without a shell (hyperfine -N): through `sh -c`, hyperfine times the shell
# too and subtracts its average start-up, whose spread (a millisecond and more here, now and
# then ten) then lands on both tools' figures; it weighs most on the faster one.
time_command() {
  local json="$work/$1.json"
  env "$4" hyperfine -N --style none --warmup 2 --runs "$runs" --prepare "sh -c \"$2\"" --export-json "$json" "$3" \
    >/dev/null 2>&1 || { echo "n/a"; return; }
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(f\"{r['mean']*1000:.1f} {r['median']*1000:.1f}\")" "$json"
}

# The peak resident memory of one run, in MiB. $1: prepare command, $2: command, $3: its
# environment variable, as for time_command.
peak_memory() {
  eval "$1" >/dev/null 2>&1 || true
  env "$3" /usr/bin/time -f "%M" -o "$work/memory" bash -c "exec $2" >/dev/null 2>&1 || true
  python3 -c "import sys; print(f'{int(open(sys.argv[1]).read().split()[-1])/1024:.1f}')" "$work/memory" 2>/dev/null \
    || echo "n/a"
}

for size in "${sizes[@]}"; do
  echo
  echo "== $size tasks"
  data="$work/taskman-$size"
  mkdir -p "$data"
  generate "$size" >"$work/tasks-$size.taskpaper"
  # The user's own file, as they wrote it; taskman's ids and journal beside it after one
  # command that writes (an undone add), as they are for anyone who uses it.
  cp "$work/tasks-$size.taskpaper" "$data/tasks.taskpaper"
  TASKMAN_DATA_DIR="$data" "$taskman" add 'First run' >/dev/null
  TASKMAN_DATA_DIR="$data" "$taskman" undo >/dev/null
  (cd "$data" && tar cf "$work/snapshot-$size.tar" .)
  id=$(TASKMAN_DATA_DIR="$data" "$taskman" list --tag home --json \
    | python3 -c "import json,sys; print(json.load(sys.stdin)['items'][0]['id'])" 2>/dev/null \
    || TASKMAN_DATA_DIR="$data" "$taskman" list --tag home | awk 'NR==1 {print $1}')
  # Each run starts from the same files, flushed to disk as a file at rest is: without the
  # sync, the kernel writes the restored files back during the timed run (a few ms for both tools).
  restore="cd '$data' && tar xf '$work/snapshot-$size.tar' && sync"
  run="'$taskman'"
  environment="TASKMAN_DATA_DIR=$data"

  declare -A taskman_ms=() taskman_mib=()
  names=(add list "list --json" "list --tag" tags done "delete --yes" export agenda move "complete id" "complete tag"
    query "list --where" archive)
  commands=(
    "$run add 'Benchmark task @bench'"
    "$run list"
    "$run list --json"
    "$run list --tag home"
    "$run tags"
    "$run done $id"
    "$run delete --yes $id"
    "$run export"
    "$run agenda"
    "$run move $id --top"
    # What a shell's Tab runs (taskman completion): ids starting with the first digit of one,
    # with their titles, and every tag.
    "$run __complete done ${id:0:1}"
    "$run __complete list --tag ''"
    # TaskPaper searches: open @home tasks due before today, printed as `query` prints them,
    # and shown in the outline with their ancestors.
    "$run query '@home and @due < [d]today and not @done'"
    "$run list --where '@home and @due < [d]today and not @done'"
    # A tenth of the tasks are done: 1,000 of 10,000 move into Archive: in one change.
    "$run archive"
  )

  declare -A task_ms=()
  tw_commands=()
  if command -v task >/dev/null; then
    tw="$work/taskwarrior-$size"
    mkdir -p "$tw"
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nrecurrence=off\ngc=off\n' "$tw" >"$tw/rc"
    python3 - "$size" >"$work/tw-$size.json" <<'PY'
import json, sys
n = int(sys.argv[1])
for i in range(n):
    tags = ["home"] if i % 3 == 0 else []
    task = {"description": f"Task number {i} with a reasonably long title", "project": f"Project{i // 50}",
            "tags": tags + ["work"], "status": "completed" if i % 10 == 0 else "pending",
            "entry": "20261101T000000Z"}
    if i % 10 == 0: task["end"] = "20261101T000000Z"
    print(json.dumps(task))
PY
    TASKRC="$tw/rc" task import "$work/tw-$size.json" >/dev/null 2>&1
    (cd "$tw" && tar cf "$work/tw-snapshot-$size.tar" .)
    tw_restore="cd '$tw' && tar xf '$work/tw-snapshot-$size.tar' && sync"
    tw_run="'$(command -v task)'"
    tw_environment="TASKRC=$tw/rc"
    tw_commands=(
      "$tw_run add 'Benchmark task' +bench"
      "$tw_run list"
      "$tw_run status:pending export"
      "$tw_run +home list"
      "$tw_run tags"
      "$tw_run 1 done"
      "$tw_run 1 delete"
      "$tw_run export"
      "$tw_run due.before:today+8d list"
      "$tw_run 1 modify project:Moved"
      # Taskwarrior's completion helpers: every id, every tag.
      "$tw_run _ids"
      "$tw_run _tags"
      "$tw_run '(+home and due.before:today)' list"
      "$tw_run '(+home and due.before:today)' list"
      # Taskwarrior keeps done tasks apart already: it has no archive to compare with.
      ""
    )
  fi

  # Each command is timed for both tools one right after the other, so that a slower minute of
  # the machine weighs on both sides of a ratio.
  selected=()
  for index in "${!names[@]}"; do
    name="${names[$index]}"
    [[ -n "${ONLY:-}" && ! "$name" =~ ^(${ONLY})$ ]] && continue
    selected+=("$name")
    taskman_ms[$name]=$(time_command "taskman-$size-$index" "$restore" "${commands[$index]}" "$environment")
    taskman_mib[$name]=$(peak_memory "$restore" "${commands[$index]}" "$environment")
    task_ms[$name]="n/a n/a"
    if [ ${#tw_commands[@]} -gt 0 ] && [ -n "${tw_commands[$index]}" ]; then
      task_ms[$name]=$(time_command "task-$size-$index" "$tw_restore" "${tw_commands[$index]}" "$tw_environment")
    fi
  done

  # Means, as hyperfine reports them, with the medians beside them: on a machine whose disk
  # stalls now and then, a stall moves a mean of 10 runs but hardly a median.
  printf '%-14s %12s %10s' "command" "taskman ms" "peak MiB"
  command -v task >/dev/null && printf ' %14s %8s %15s' "Taskwarrior ms" "ratio" "median ratio"
  echo
  for name in "${selected[@]}"; do
    read -r mean median <<<"${taskman_ms[$name]}"
    printf '%-14s %12s %10s' "$name" "$mean" "${taskman_mib[$name]}"
    if command -v task >/dev/null; then
      read -r task_mean task_median <<<"${task_ms[$name]}"
      ratios=$(python3 -c "
def ratio(a, b):
    try: return f'{float(a) / float(b):.1f}x'
    except Exception: return 'n/a'
print(ratio('$task_mean', '$mean'), ratio('$task_median', '$median'))")
      read -r ratio median_ratio <<<"$ratios"
      printf ' %14s %8s %15s' "$task_mean" "$ratio" "$median_ratio"
    fi
    echo
  done
  # `list --json` writes the same items as `list`, as JSON, as it makes them: its time and
  # memory against `list`'s in the same run.
  [[ -n "${taskman_ms[list]:-}" && -n "${taskman_ms[list --json]:-}" ]] || { unset taskman_ms taskman_mib task_ms; continue; }
  read -r list_mean _ <<<"${taskman_ms[list]}"
  read -r json_mean _ <<<"${taskman_ms[list --json]}"
  python3 -c "
try: print(f'list --json against list: {float(\"$json_mean\") / float(\"$list_mean\"):.2f}x the time, {float(\"${taskman_mib[list --json]}\") / float(\"${taskman_mib[list]}\"):.2f}x the peak memory')
except Exception: pass"
  unset taskman_ms taskman_mib task_ms
done
