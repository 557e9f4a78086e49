// The fake spreadsheet: what a cell holds and shows, rows that append atomically, writes buffered per
// execution until flush(), and a TextFinder that matches displayed text the way Google's does.

/** What a cell holds after `input` is written the way appendRow writes: as if typed into the sheet. */
export interface Cell {
  input: string;
  /** Set when the input became a formula: the failure the endpoint must never cause. */
  formula: string | null;
  display: string;
}

export function enterValue(input: string): Cell {
  // A leading apostrophe marks text and is not part of the value or the display.
  if (input.startsWith("'")) return { input, formula: null, display: input.slice(1) };
  // Sheets parses "=..." as a formula; these are never valid ones, so they show an error.
  if (input.startsWith("=") && input.length > 1) return { input, formula: input, display: "#ERROR!" };
  return { input, formula: null, display: input };
}

/** Rows of raw inputs; appendRows is atomic, as Sheet.appendRow is documented to be. */
export interface RowStore {
  lastRow(): number;
  read(row: number): string[];
  appendRows(rows: string[][]): void;
}

export class MemoryRowStore implements RowStore {
  constructor(public rows: string[][] = []) {}
  lastRow() {
    return this.rows.length;
  }
  read(row: number) {
    return this.rows[row - 1] ?? [];
  }
  appendRows(rows: string[][]) {
    this.rows.push(...rows.map((r) => [...r]));
  }
}

export interface Spreadsheet {
  sheets: Map<string, RowStore>;
  /** Where a sheet made by insertSheet keeps its rows. */
  newSheet(): RowStore;
}

export const memorySpreadsheet = (sheets: Record<string, RowStore> = {}): Spreadsheet => ({
  sheets: new Map(Object.entries(sheets)),
  newSheet: () => new MemoryRowStore(),
});

/** The services one execution sees; writes wait in a buffer until flush() or the end of the execution. */
export class SpreadsheetServices {
  private pending = new Map<RowStore, string[][]>();

  constructor(
    private spreadsheet: Spreadsheet,
    private calls: string[],
    /** Called on every round trip to Google's servers; workers make it a short random wait. */
    private roundTrip: () => void = () => {},
  ) {}

  /** Commits this execution's buffered writes, as SpreadsheetApp.flush() and the end of a run do. */
  commit() {
    for (const [store, rows] of this.pending) {
      if (rows.length === 0) continue;
      this.roundTrip();
      this.pending.set(store, []);
      store.appendRows(rows);
    }
  }

  app() {
    const services = this;
    const book = this.spreadsheet;
    const spreadsheet = {
      getSheetByName(name: string) {
        services.call(`getSheetByName ${name}`);
        const store = book.sheets.get(name);
        return store ? services.sheet(name, store) : null;
      },
      insertSheet(name: string) {
        services.call(`insertSheet ${name}`);
        if (book.sheets.has(name)) throw new Error(`A sheet with the name "${name}" already exists.`);
        const store = book.newSheet();
        book.sheets.set(name, store);
        return services.sheet(name, store);
      },
    };
    return {
      getActiveSpreadsheet: () => (services.calls.push("getActiveSpreadsheet"), spreadsheet),
      flush: () => (services.call("flush"), services.commit()),
    };
  }

  /** A read or write that reaches the spreadsheet. Reads see this execution's own writes first. */
  private call(name: string) {
    this.calls.push(name);
    this.commit();
    this.roundTrip();
  }

  private sheet(name: string, store: RowStore) {
    const services = this;
    return {
      getName: () => name,
      getLastRow() {
        services.call("getLastRow");
        return store.lastRow();
      },
      appendRow(values: unknown[]) {
        if (!Array.isArray(values) || values.length === 0) throw new Error("appendRow needs a non-empty array.");
        services.calls.push(`appendRow ${JSON.stringify(values)}`);
        services.pending.set(store, [...(services.pending.get(store) ?? []), values.map(String)]);
      },
      setFrozenRows(rows: number) {
        services.calls.push(`setFrozenRows ${rows}`);
      },
      getRange(row: number, column: number, numRows = 1, numColumns = 1) {
        if (numRows < 1) throw new Error("The number of rows in the range must be at least 1.");
        if (numColumns < 1) throw new Error("The number of columns in the range must be at least 1.");
        return {
          createTextFinder: (text: string) => {
            services.calls.push(`createTextFinder ${text}`);
            return services.finder(store, text, { row, column, numRows, numColumns });
          },
        };
      },
    };
  }

  /** TextFinder: literal or regex, partial or whole-cell, case-insensitive unless told; displayed values. */
  private finder(
    store: RowStore,
    text: string,
    area: { row: number; column: number; numRows: number; numColumns: number },
  ) {
    const services = this;
    const options = { matchCase: false, entireCell: false, regex: false, formulaText: false };
    let after = -1;
    const matches = (cell: Cell) => {
      const target = options.formulaText && cell.formula ? cell.formula : cell.display;
      if (options.regex) {
        const pattern = options.entireCell ? `^(?:${text})$` : text;
        return new RegExp(pattern, options.matchCase ? "" : "i").test(target);
      }
      const [haystack, needle] = options.matchCase ? [target, text] : [target.toLowerCase(), text.toLowerCase()];
      return options.entireCell ? haystack === needle : haystack.includes(needle);
    };
    const finder = {
      matchCase: (on: boolean) => ((options.matchCase = on), finder),
      matchEntireCell: (on: boolean) => ((options.entireCell = on), finder),
      useRegularExpression: (on: boolean) => ((options.regex = on), finder),
      matchFormulaText: (on: boolean) => ((options.formulaText = on), finder),
      findNext() {
        services.call("findNext");
        const total = area.numRows * area.numColumns;
        for (let i = after + 1; i < total; i++) {
          const row = area.row + Math.floor(i / area.numColumns);
          const column = area.column + (i % area.numColumns);
          const input = store.read(row)[column - 1];
          if (input !== undefined && matches(enterValue(input))) {
            after = i;
            return { getRow: () => row, getColumn: () => column };
          }
        }
        return null;
      },
    };
    return finder;
  }
}
