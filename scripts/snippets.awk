# Puts every Swift snippet of the given Markdown files into the consumer package at `root`, where
# the `<!-- consumer: … -->` comment right before the snippet says (blank lines may separate
# them). Used by scripts/check-consumer; see Tests/ConsumerPackage/README.md.
#
#   <!-- consumer: file PATH -->             appended to that file, created if missing (after
#                                            `import Foundation`, as app code starts)
#   <!-- consumer: into PATH LINE -->        replaces the first line of PATH that reads LINE
#                                            (say `// snippet: run`, or an excerpt's `// …`)
#   <!-- consumer: … with FILL -->           either, with the snippet's own `// …` lines
#                                            replaced by the file FILL (the rest of an excerpt)
#   <!-- consumer: manifest -->              each line must be in Package.swift, in order
#
# Paths are relative to the consumer package.
#
# A Swift snippet without such a comment is an error, so that a new snippet cannot escape the
# check. Exits 1 on any error, naming the file and line.

function fail(message) {
  printf "%s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
  failed = 1
}

function trim(text) {
  sub(/^[ \t]+/, "", text)
  sub(/[ \t]+$/, "", text)
  return text
}

function read_file(path,    line, text) {
  text = ""
  while ((getline line < path) > 0) text = text line "\n"
  close(path)
  return text
}

function write_file(path, text) {
  printf "%s", text > path
  close(path)
}

function fill_elisions(text, fill,    count, lines, i, out) {
  count = split(text, lines, "\n")
  out = ""
  for (i = 1; i < count; i++) {
    if (trim(lines[i]) == "// …") out = out fill
    else out = out lines[i] "\n"
  }
  return out
}

function place(    directory, path, text, count, lines, i, out, placed, manifest, wanted, n, m, body) {
  body = snippet
  if (fill != "") body = fill_elisions(body, read_file(root "/" fill))
  if (mode == "file") {
    path = root "/" target
    if (rest != "") { fail("unexpected '" rest "' after the path"); return }
    text = read_file(path)
    if (text == "") {
      directory = path
      sub(/\/[^\/]*$/, "", directory)
      system("mkdir -p '" directory "'")
      text = "// Snippets pasted in by scripts/check-consumer.\nimport Foundation\n"
    }
    write_file(path, text "\n// " source "\n" body)
  } else if (mode == "into") {
    path = root "/" target
    text = read_file(path)
    if (text == "") { fail("no file " target " in the consumer package"); return }
    count = split(text, lines, "\n")
    out = ""
    placed = 0
    for (i = 1; i < count; i++) {
      if (!placed && trim(lines[i]) == rest) {
        out = out "// " source "\n" body
        placed = 1
      } else {
        out = out lines[i] "\n"
      }
    }
    if (!placed) { fail("no line '" rest "' in " target); return }
    write_file(path, out)
  } else if (mode == "manifest") {
    manifest = read_file(root "/Package.swift")
    n = split(manifest, lines, "\n")
    count = split(body, wanted, "\n")
    m = 1
    for (i = 1; i < count; i++) {
      if (trim(wanted[i]) == "" || trim(wanted[i]) ~ /^\/\//) continue
      while (m <= n && trim(lines[m]) != trim(wanted[i])) m++
      if (m > n) {
        fail("Package.swift of the consumer package lacks, in order, the line: " trim(wanted[i]))
        return
      }
      m++
    }
  } else {
    fail("unknown consumer mode '" mode "'")
    return
  }
  placed_count++
}

BEGIN { failed = 0; placed_count = 0 }

FNR == 1 { pending = ""; inside = 0 }

# Inside a snippet: collect it until its fence closes.
inside {
  if ($0 ~ /^```[ \t]*$/) {
    inside = 0
    place()
  } else {
    snippet = snippet $0 "\n"
  }
  next
}

/^<!-- consumer: .* -->[ \t]*$/ {
  pending = $0
  sub(/^<!-- consumer: /, "", pending)
  sub(/ -->[ \t]*$/, "", pending)
  pending_line = FNR
  next
}

/^```swift[ \t]*$/ {
  if (pending == "") {
    fail("a Swift snippet without a <!-- consumer: … --> comment before it")
    # Skip it, but go on to report the others.
    while ((getline line) > 0 && line !~ /^```[ \t]*$/) {}
    next
  }
  mode = pending
  sub(/ .*$/, "", mode)
  rest = pending
  sub(/^[^ ]+ ?/, "", rest)
  target = rest
  sub(/ .*$/, "", target)
  sub(/^[^ ]+ ?/, "", rest)
  # `… with FILL`: the file that replaces the snippet's `// …` lines.
  fill = ""
  if (rest ~ /(^| )with [^ ]+$/) {
    fill = rest
    sub(/^(.* )?with /, "", fill)
    sub(/ ?with [^ ]+$/, "", rest)
  }
  source = FILENAME ":" FNR
  sub(/^.*\/(Documentation\/)?/, "", source)
  if (FILENAME ~ /Documentation\//) source = "Documentation/" source
  snippet = ""
  inside = 1
  pending = ""
  next
}

# Anything else between the comment and the snippet but blank lines detaches the comment.
/[^ \t]/ { pending = "" }

END {
  if (failed) exit 1
  printf "placed %d snippets\n", placed_count
}
