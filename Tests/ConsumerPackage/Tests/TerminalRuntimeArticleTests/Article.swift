// The Terminal Runtime article's test snippets are pasted next to this file by scripts/check-consumer.
