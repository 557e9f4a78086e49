// One sheet in a SharedArrayBuffer for worker threads: the script lock, a mutex that makes appends
// atomic (as Sheet.appendRow is), the row count, a start flag, a task counter and the cells.
import { SharedScriptLock } from "./locks.ts";
import type { RowStore } from "./spreadsheet.ts";

const SLOT = { lock: 0, lockContended: 1, appendMutex: 2, rows: 3, start: 4, nextTask: 5 } as const;
const SLOTS = 8;
const COLUMNS = 2;
/** Code units per cell: a length, then the text (a 254-character address plus its text marker fits). */
const CELL_UNITS = 300;

export function createSharedSheet(capacity: number): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOTS * 4 + capacity * COLUMNS * CELL_UNITS * 2);
}

export class SharedRowStore implements RowStore {
  readonly control: Int32Array;
  private cells: Uint16Array;
  private capacity: number;

  constructor(buffer: SharedArrayBuffer) {
    this.control = new Int32Array(buffer, 0, SLOTS);
    this.cells = new Uint16Array(buffer, SLOTS * 4);
    this.capacity = this.cells.length / (COLUMNS * CELL_UNITS);
  }

  /** The script lock kept in the same buffer (slots lock and lockContended). */
  lock(): SharedScriptLock {
    return new SharedScriptLock(this.control.buffer as SharedArrayBuffer, SLOT.lock * 4);
  }

  lastRow() {
    return Atomics.load(this.control, SLOT.rows);
  }

  read(row: number): string[] {
    if (row < 1 || row > this.lastRow()) return [];
    return Array.from({ length: COLUMNS }, (_, c) => {
      const at = ((row - 1) * COLUMNS + c) * CELL_UNITS;
      return String.fromCharCode(...this.cells.subarray(at + 1, at + 1 + this.cells[at]!));
    });
  }

  appendRows(rows: string[][]) {
    while (Atomics.compareExchange(this.control, SLOT.appendMutex, 0, 1) !== 0) {
      Atomics.wait(this.control, SLOT.appendMutex, 1, 5);
    }
    try {
      const first = this.lastRow() + 1;
      if (first - 1 + rows.length > this.capacity) throw new Error("the shared sheet is full");
      rows.forEach((values, r) => values.slice(0, COLUMNS).forEach((text, c) => this.write(first + r, c, text)));
      // Publish the rows only once their cells are written.
      Atomics.store(this.control, SLOT.rows, first - 1 + rows.length);
    } finally {
      Atomics.store(this.control, SLOT.appendMutex, 0);
      Atomics.notify(this.control, SLOT.appendMutex, 1);
    }
  }

  private write(row: number, column: number, text: string) {
    if (text.length >= CELL_UNITS) throw new Error(`cell text longer than ${CELL_UNITS - 1}`);
    const at = ((row - 1) * COLUMNS + column) * CELL_UNITS;
    this.cells[at] = text.length;
    for (let i = 0; i < text.length; i++) this.cells[at + 1 + i] = text.charCodeAt(i);
  }

  /** Workers wait here until every one of them is ready, so the executions really overlap. */
  waitForStart() {
    Atomics.wait(this.control, SLOT.start, 0);
  }

  start() {
    Atomics.store(this.control, SLOT.start, 1);
    Atomics.notify(this.control, SLOT.start);
  }

  /** The next post to send, shared by all workers; beyond the last one, -1. */
  takeTask(total: number): number {
    const task = Atomics.add(this.control, SLOT.nextTask, 1);
    return task < total ? task : -1;
  }
}

/** A round trip to Google's servers: a random pause of up to `maxMs`, during which others run. */
export function randomRoundTrip(maxMs: number): () => void {
  const idle = new Int32Array(new SharedArrayBuffer(4));
  return () => void Atomics.wait(idle, 0, 0, Math.random() * maxMs);
}
