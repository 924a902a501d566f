print("taskman: not implemented yet")
