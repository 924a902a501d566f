// The command-line layer is the TaskmanCLI library, so that its tests can reach it.
import TaskmanCLI
import TaskmanSystem

taskman_use_large_heap_pages()
Taskman.runAndExit()
