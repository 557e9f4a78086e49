/**
 * Heirloom's production waitlist endpoint: an Apps Script web app bound to the spreadsheet that keeps
 * the list. The site posts one field, `email`, into a hidden frame and never reads the answer, so this
 * script validates, waits for the script lock, skips listed addresses, appends, flushes and unlocks,
 * and never throws to the caller.
 *
 * @OnlyCurrentDoc
 */

const SHEET_NAME = 'Waitlist';
const HEADER = ['Timestamp', 'Email'];
const EMAIL_COLUMN = 2;
/** How long a post waits for others to finish; each holds the lock for a few spreadsheet calls. */
const LOCK_WAIT_MS = 10000;
const MAX_EMAIL_LENGTH = 254;
/** The rule browsers apply to <input type="email"> (WHATWG HTML "valid email address"). */
const EMAIL_PATTERN = new RegExp(
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@" +
    '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?' +
    '(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$'
);
/**
 * First characters a spreadsheet may read as the start of a formula, plus the apostrophe itself,
 * which Sheets would otherwise swallow as its own text marker.
 */
const NEEDS_TEXT_MARKER = /^[=+\-@\t\r']/;

/** The answers. Added and already-listed addresses get the same one, so the endpoint reveals no entry. */
const PAGES = {
  received: 'Thank you. Your address is on the Heirloom waitlist.',
  invalid: 'Please enter a valid email address.',
  repeated: 'Please send one email address at a time.',
  busy: 'The waitlist is busy. Please try again in a moment.',
  failed: 'Something went wrong on our side. Please try again later.',
  health: 'The Heirloom waitlist endpoint is running.',
};

/** Receives one waitlist post (application/x-www-form-urlencoded, field `email`). */
function doPost(e) {
  try {
    return answer(receive(e));
  } catch (error) {
    console.error('Waitlist post failed: ' + (error && error.stack ? error.stack : error));
    return answer('failed');
  }
}

/** A health page for a browser or monitor; it reads nothing from the spreadsheet. */
function doGet() {
  return answer('health');
}

/**
 * Returns the name of the page to answer. `e.parameters` merges the query string and the body; a
 * request that carries `email` twice is refused rather than guessing which one the visitor meant
 * (the site's form sends exactly one).
 */
function receive(e) {
  const values = (e && e.parameters && e.parameters.email) || [];
  if (values.length > 1) return 'repeated';
  const email = String((e && e.parameter && e.parameter.email) || '').trim();
  if (!isValidEmail(email)) return 'invalid';

  const lock = LockService.getScriptLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    console.warn('Waitlist post not stored: the script lock stayed busy for ' + LOCK_WAIT_MS + ' ms.');
    return 'busy';
  }
  try {
    const sheet = waitlistSheet();
    if (!isListed(sheet, email)) {
      sheet.appendRow([new Date().toISOString(), asText(email)]);
      // Commit before unlocking, or the next post's search could miss this row.
      SpreadsheetApp.flush();
    }
    return 'received';
  } finally {
    lock.releaseLock();
  }
}

/** The browser's rule for type=email, with the 254-character limit of a forward path. */
function isValidEmail(value) {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** The Waitlist sheet, created with its header row when missing. Call it holding the lock. */
function waitlistSheet() {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.getSheetByName(SHEET_NAME) || spreadsheet.insertSheet(SHEET_NAME);
  if (sheet.getLastRow() === 0) {
    sheet.appendRow(HEADER);
    sheet.setFrozenRows(1);
  }
  return sheet;
}

/**
 * Whether the address is already listed, in any letter case. The spreadsheet searches the column
 * itself, as literal text (no regular expression), whole cells only. TextFinder compares displayed
 * values, and a leading apostrophe is a text marker that is not displayed, so the plain address
 * finds a row stored as '=1+1@example.com; searching for the marked text would find nothing.
 */
function isListed(sheet, email) {
  const lastRow = sheet.getLastRow();
  if (lastRow < 2) return false;
  const emails = sheet.getRange(2, EMAIL_COLUMN, lastRow - 1, 1);
  return emails.createTextFinder(email).matchCase(false).matchEntireCell(true).findNext() !== null;
}

/** The value to write so that the cell holds and shows exactly this text, never a formula. */
function asText(value) {
  return NEEDS_TEXT_MARKER.test(value) ? "'" + value : value;
}

/**
 * A short page. Nothing is read from it; framing is allowed so the site's hidden frame loads it
 * without a console error, and it has nothing to click.
 */
function answer(page) {
  return HtmlService.createHtmlOutput('<p>' + PAGES[page] + '</p>')
    .setTitle('Heirloom waitlist')
    .setXFrameOptionsMode(HtmlService.XFrameOptionsMode.ALLOWALL);
}
