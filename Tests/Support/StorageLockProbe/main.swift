print("storage-lock-probe: not implemented yet")
