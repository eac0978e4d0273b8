// The example's storage: notes in memory, for as long as the server process runs. A real package
// would talk to its database here; the handlers only see this interface.

export interface Note {
  id: number;
  text: string;
  tags: string[];
  created: string;
}

export class NoteStore {
  private readonly notes = new Map<number, Note>();
  private nextId = 1;

  add(text: string, tags: readonly string[], now = new Date()): Note {
    const note: Note = { id: this.nextId++, text, tags: [...tags], created: now.toISOString() };
    this.notes.set(note.id, note);
    return note;
  }

  get(id: number): Note | undefined {
    return this.notes.get(id);
  }

  /** Newest first; only those with `tag` when given. */
  list(tag?: string): Note[] {
    return [...this.notes.values()].filter((n) => tag === undefined || n.tags.includes(tag)).reverse();
  }

  delete(id: number): boolean {
    return this.notes.delete(id);
  }
}

/** The one store of this server process. */
export const notes = new NoteStore();
