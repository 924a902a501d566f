// The Sharing State article's test snippets are pasted next to this file by scripts/check-consumer.
