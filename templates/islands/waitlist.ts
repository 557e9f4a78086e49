// The waitlist form: posts the trimmed email through a hidden form into the hidden frame, shows the busy
// state and the toast at once, and resets. The answer page may then tell the outcome with postMessage
// (endpoint/Code.js, or the local receiver): busy or failed is posted once more after 1 to 3 s, and when
// that fails too the thanks give way to a message with a Try again button; invalid shows the answer's own
// words. No answer counts as received. Texts and durations come from the form's data-* attributes.

/** Enhances form[data-waitlist]; without it, does nothing. */
export function enhanceWaitlist(): void {
  const form = document.querySelector<HTMLFormElement>("form[data-waitlist]");
  const input = form?.querySelector<HTMLInputElement>("input[name]");
  const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!form || !input || !button) return;
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  const problem = document.querySelector("[data-waitlist-problem]");
  const say = problem?.querySelector("p");
  const again = problem?.querySelector("button");
  const data = form.dataset;
  const label = button.textContent;
  let sender: { form: HTMLFormElement; field: HTMLInputElement } | undefined;
  let toastTimer: number | undefined;
  let resetTimer: number | undefined;
  let retryTimer: number | undefined;
  /** The address of the last submission, and how many times it was posted; 0 once its outcome is known. */
  let sent = "";
  let posts = 0;

  const post = () => {
    sender ??= createSender(form, input.name);
    sender.field.value = sent;
    sender.form.submit();
  };
  const reset = () => {
    button.textContent = label;
    button.disabled = false;
    input.value = "";
  };
  /** Shows `text` (none: hides it) in place of the toast, with the Try again button when `retry`. */
  const tell = (text = "", retry = false) => {
    if (text && region) region.textContent = "";
    if (say) say.textContent = text;
    if (again) again.hidden = !retry;
    if (text) problem?.scrollIntoView({ block: "nearest" });
  };
  const submit = (email: string) => {
    sent = email;
    posts = 1;
    delete data.answer;
    clearTimeout(retryTimer);
    tell();
    post();

    button.textContent = data.busy ?? "";
    button.disabled = true;
    if (region) {
      region.textContent = data.toast ?? "";
      clearTimeout(toastTimer);
      toastTimer = window.setTimeout(() => (region.textContent = ""), Number(data.toastMs));
    }
    clearTimeout(resetTimer);
    resetTimer = window.setTimeout(reset, Number(data.resetMs));
  };

  form.addEventListener("submit", (event) => {
    // Native validation (required, type=email) has already run; a blank value is ignored.
    event.preventDefault();
    const email = input.value.trim();
    if (email) submit(email);
  });
  again?.addEventListener("click", () => {
    submit(sent);
    input.focus(); // the button it was on is hidden now
  });

  const frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${form.target}"]`)?.contentWindow;
  const origin = new URL(form.action).origin;
  addEventListener("message", (event) => {
    const answer = event.data || {};
    const outcome = answer.outcome;
    const fromEndpoint = within(event.source as Window, frame) && trusted(event.origin, origin);
    if (answer.form !== "waitlist" || !posts || !fromEndpoint) return;
    data.answer = outcome; // the last outcome read, for styles and tests
    if (outcome === "busy" || outcome === "failed") {
      if (posts++ < 2) return void (retryTimer = window.setTimeout(post, 1000 + Math.random() * 2000));
      tell(data.failed, true);
    } else if (outcome === "invalid") {
      if (button.disabled) reset();
      clearTimeout(resetTimer);
      input.value ||= sent;
      tell(answer.message, false);
    }
    posts = 0;
  });
}

/** Whether `source` is the window `frame` or one nested in it: Apps Script answers from a frame of its own. */
function within(source: Window | null, frame: Window | null | undefined): boolean {
  for (let w = source; w && frame; w = w === w.parent ? null : w.parent) if (w === frame) return true;
  return false;
}

/**
 * Whether a message from `origin` may speak for the endpoint at `endpoint`: the same origin or, for an Apps
 * Script web app (script.google.com), the sandbox Google serves its pages from (n-<id>-script.googleusercontent.com).
 */
function trusted(origin: string, endpoint: string): boolean {
  const sandbox = /^https:\/\/([\w-]+-)?script\.googleusercontent\.com$/;
  return origin === endpoint || (endpoint === "https://script.google.com" && sandbox.test(origin));
}

/** A hidden form with the single field, posting to the same action and frame as the visible form. */
function createSender(form: HTMLFormElement, name: string) {
  const sender = document.createElement("form");
  sender.method = "post";
  sender.action = form.action;
  sender.target = form.target;
  sender.hidden = true;
  const field = document.createElement("input");
  field.type = "hidden";
  field.name = name;
  sender.append(field);
  document.body.append(sender);
  return { form: sender, field };
}
