// The Terminal Runtime article's snippets are pasted next to this file by scripts/check-consumer.
