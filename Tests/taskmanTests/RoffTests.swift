import Testing

@testable import TaskmanCLI

@Suite("Roff escaping for the man page")
struct RoffTests {
  @Test func escapesWhatRoffWouldReadAsMarkup() {
    #expect(Roff.text("--tag done") == #"\-\-tag done"#)
    #expect(Roff.text(#"printf 'a\nb'"#) == #"printf 'a\enb'"#)
    #expect(Roff.text(".hidden file") == #"\&.hidden file"#)
    #expect(Roff.text("'quoted' first") == #"\&'quoted' first"#)
    #expect(Roff.text("in the middle. 'fine'") == "in the middle. 'fine'")
    #expect(Roff.text("Zoë … ☕") == #"Zo\[u00EB] \[u2026] \[u2615]"#)
    #expect(Roff.text("a\tb\u{7}c") == "a bc")
  }

  @Test func paragraphsBecomeParagraphsAndLineBreaksStay() {
    #expect(Roff.paragraphs("One.\nTwo.\n\n.Three.\n") == ["One.", ".br", "Two.", ".PP", #"\&.Three."#])
  }

  @Test func synopsisMarksLiteralsBoldAndPlaceholdersItalic() {
    #expect(Roff.synopsis("taskman show <id> [--json]") == #"\fBtaskman show\fR \fIid\fR [\fB\-\-json\fR]"#)
    #expect(
      Roff.synopsis("taskman list [--tag <name[=value]> ...] [--done | --all]")
        == #"\fBtaskman list\fR [\fB\-\-tag\fR \fIname[=value]\fR ...] [\fB\-\-done\fR | \fB\-\-all\fR]"#
    )
    #expect(Roff.synopsis("-h, --help") == #"\fB\-h\fR, \fB\-\-help\fR"#)
    #expect(Roff.synopsis("<id>") == #"\fIid\fR"#)
    #expect(Roff.synopsis("taskman --version") == #"\fBtaskman \-\-version\fR"#)
  }
}
