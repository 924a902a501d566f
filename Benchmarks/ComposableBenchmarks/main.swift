print("composable-bench: no benchmarks yet")
