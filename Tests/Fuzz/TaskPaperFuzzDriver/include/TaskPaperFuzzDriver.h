// The entry point of the fuzz build of taskpaper-fuzz; see TaskPaperFuzzDriver.c.
