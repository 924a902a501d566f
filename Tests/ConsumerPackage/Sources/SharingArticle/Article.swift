// The Sharing State article's snippets are pasted next to this file by scripts/check-consumer.
