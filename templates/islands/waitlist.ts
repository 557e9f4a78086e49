// The waitlist form: posts the trimmed email through a hidden form into the hidden frame, shows the busy
// state and the toast at once, and resets. Texts and durations come from the form's data-* attributes.

/** Enhances form[data-waitlist]; without it, does nothing. */
export function enhanceWaitlist(): void {
  const form = document.querySelector<HTMLFormElement>("form[data-waitlist]");
  const input = form?.querySelector<HTMLInputElement>("input[name]");
  const button = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!form || !input || !button) return;
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  const data = form.dataset;
  const label = button.textContent;
  let sender: { form: HTMLFormElement; field: HTMLInputElement } | undefined;
  let toastTimer: number | undefined;
  let resetTimer: number | undefined;

  form.addEventListener("submit", (event) => {
    // Native validation (required, type=email) has already run; a blank value is ignored.
    event.preventDefault();
    const email = input.value.trim();
    if (!email) return;

    sender ??= createSender(form, input.name);
    sender.field.value = email;
    sender.form.submit();

    button.textContent = data.busy ?? "";
    button.disabled = true;
    if (region) {
      region.textContent = data.toast ?? "";
      clearTimeout(toastTimer);
      toastTimer = window.setTimeout(() => (region.textContent = ""), Number(data.toastMs));
    }
    clearTimeout(resetTimer);
    resetTimer = window.setTimeout(() => {
      button.textContent = label;
      button.disabled = false;
      input.value = "";
    }, Number(data.resetMs));
  });
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
