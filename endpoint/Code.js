/**
 * Heirloom's production waitlist endpoint: an Apps Script web app bound to the spreadsheet that keeps
 * the list. The site posts one field, `email`, into a hidden frame; this script validates, waits for the
 * script lock, skips listed addresses, appends, flushes and unlocks, and never throws to the caller. Its
 * answer page tells the site's page the outcome with postMessage, to the site's origin only (the script
 * property SITE_ORIGIN), so the visitor learns when the address was not stored.
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
 * First characters a spreadsheet runs as the start of a formula: an address beginning with one is
 * refused, since a CSV export of the sheet opened in a spreadsheet program would run it.
 */
const FORMULA_START = /^[=+\-@]/;
/**
 * Values written with a leading apostrophe, which Sheets takes as its text marker: the apostrophe an
 * address may begin with, and, should the refusal above ever change, anything a formula could start with.
 */
const NEEDS_TEXT_MARKER = /^[=+\-@\t\r']/;
/** The site's origin as the answer page may name it: https, or http on this machine for a test. */
const ORIGIN_PATTERN = /^(https:\/\/[a-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:\d{1,5})?$/i;

/** The answers. Added and already-listed addresses get the same one, so the endpoint reveals no entry. */
const PAGES = {
  received: 'Thank you. Your address is on the Heirloom waitlist.',
  invalid: 'Please enter a valid email address.',
  formula: 'Please check your email address: it cannot begin with =, +, - or @.',
  repeated: 'Please send one email address at a time.',
  busy: 'The waitlist is busy. Please try again in a moment.',
  failed: 'Something went wrong on our side. Please try again later.',
  health: 'The Heirloom waitlist endpoint is running.',
};

/**
 * What the answer page tells the site's page for each outcome (the local receiver tells the same), with
 * the page's words, which the site shows for `invalid`.
 */
const TOLD = {
  received: 'received',
  invalid: 'invalid',
  formula: 'invalid',
  repeated: 'invalid',
  busy: 'busy',
  failed: 'failed',
};

/** Receives one waitlist post (application/x-www-form-urlencoded, field `email`). */
function doPost(e) {
  let page;
  try {
    page = receive(e);
  } catch (error) {
    console.error('Waitlist post failed: ' + (error && error.stack ? error.stack : error));
    page = 'failed';
  }
  return answer(page, siteOrigin());
}

/** A health page for a browser or monitor; it reads nothing from the spreadsheet. */
function doGet() {
  return answer('health', '');
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
  if (FORMULA_START.test(email)) return 'formula';

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
 * The site's origin from the script property SITE_ORIGIN (Project Settings > Script Properties), such as
 * https://heirloom.example; '' when it is unset, not an origin, or cannot be read (logged, never thrown).
 */
function siteOrigin() {
  try {
    const origin = String(PropertiesService.getScriptProperties().getProperty('SITE_ORIGIN') || '').trim();
    if (ORIGIN_PATTERN.test(origin)) return origin;
    console.warn('SITE_ORIGIN is ' + (origin ? 'not an origin such as https://heirloom.example' : 'not set') +
      ': the answer page cannot tell the site the outcome, and the site shows its thanks.');
  } catch (error) {
    console.error('SITE_ORIGIN could not be read: ' + error);
  }
  return '';
}

/**
 * A short page; framing is allowed so the site's hidden frame loads it without a console error, and it
 * has nothing to click. With the site's origin, its script tells the site's page the outcome and the
 * page's words; Apps Script runs it in a frame of its own inside the hidden frame, so it posts to the top
 * window, and only to that origin: a page of any other site that framed this endpoint learns nothing.
 */
function answer(page, origin) {
  const message = { form: 'waitlist', outcome: TOLD[page], message: PAGES[page] };
  const told = origin && TOLD[page] ?
    '<script>top.postMessage(' + JSON.stringify(message) + ', ' + JSON.stringify(origin) + ');</script>' :
    '';
  return HtmlService.createHtmlOutput('<!DOCTYPE html><html><body><p>' + PAGES[page] + '</p>' + told +
    '</body></html>')
    .setTitle('Heirloom waitlist')
    .setXFrameOptionsMode(HtmlService.XFrameOptionsMode.ALLOWALL);
}
