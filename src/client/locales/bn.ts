// Every text of one language in one file, fetched once when the language is first needed.
export default import.meta.glob<{ default: Record<string, string> }>('./bn/*.json', { eager: true });
