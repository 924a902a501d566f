// SwiftPM links an executable with `main` renamed to `<target>_main`, which the Swift code of a
// fuzz target (libFuzzer provides the program's loop) does not define. In the fuzz build
// (`-Xcc -DFUZZING`), this defines it and hands over to libFuzzer's driver.
#ifdef FUZZING
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int taskpaper_fuzz_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
#endif
