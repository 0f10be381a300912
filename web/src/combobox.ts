/**
 * A text field with suggestions, after the WAI-ARIA combobox pattern (editable, list autocomplete,
 * https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): the input keeps the focus, `aria-activedescendant` names the
 * highlighted option. Arrow keys move through the suggestions (and open them), Enter chooses, Escape closes the
 * list and a second Escape empties the field; a click chooses too. A polite live region says how many
 * suggestions there are. Searches wait for a pause in typing and a newer search cancels the one under way.
 */
import { ApiError } from "./api-client.js";
import { h } from "./dom.js";
import { showText, t } from "./strings.js";

export interface Suggestion {
  label: string;
  /** A second, quieter line: municipality, kind, number. */
  detail?: string;
}

export interface ComboboxOptions<T> {
  input: HTMLInputElement;
  listbox: HTMLUListElement;
  /** Where the number of suggestions is announced (aria-live). */
  status: HTMLElement;
  search(text: string, signal: AbortSignal): Promise<T[]>;
  describe(item: T): Suggestion;
  onChoose(item: T): void;
  /** An error of a search, to show beside the field (the status says it too). */
  onError?(error: unknown): void;
  /** Fewer characters ask nothing. */
  minLength?: number;
  debounceMs?: number;
}

export interface Combobox<T> {
  /** The item chosen last, until the text is edited. */
  chosen(): T | undefined;
  /** Shows the suggestions again in the current language. */
  rerender(): void;
}

export function combobox<T>(opts: ComboboxOptions<T>): Combobox<T> {
  const { input, listbox, status } = opts;
  const minLength = opts.minLength ?? 2;
  const debounceMs = opts.debounceMs ?? 150;
  let items: T[] = [];
  let active = -1;
  let chosen: T | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listbox.id);
  input.autocomplete = "off";
  input.spellcheck = false;
  listbox.setAttribute("role", "listbox");
  listbox.hidden = true;

  const optionId = (i: number) => `${listbox.id}-option-${i}`;

  function open(value: boolean): void {
    listbox.hidden = !value;
    input.setAttribute("aria-expanded", String(value));
    if (!value) setActive(-1);
  }

  function setActive(i: number): void {
    active = i;
    listbox.querySelectorAll<HTMLElement>("[role=option]").forEach((el, j) => el.setAttribute("aria-selected", String(j === i)));
    if (i < 0) input.removeAttribute("aria-activedescendant");
    else {
      input.setAttribute("aria-activedescendant", optionId(i));
      document.getElementById(optionId(i))?.scrollIntoView({ block: "nearest" });
    }
  }

  function render(): void {
    listbox.replaceChildren(
      ...items.map((item, i) => {
        const s = opts.describe(item);
        const li = h("li", { id: optionId(i), role: "option", "aria-selected": "false" }, h("span", { class: "option-label" }, s.label));
        if (s.detail) li.append(h("span", { class: "option-detail" }, s.detail));
        // mousedown would move the focus away from the input (and close the list) before the click lands.
        li.addEventListener("mousedown", (e) => e.preventDefault());
        li.addEventListener("click", () => choose(i));
        return li;
      }),
    );
  }

  function announce(): void {
    const text = input.value.trim();
    const n = items.length;
    showText(status, () => (n === 0 ? t("combo.none", { text }) : n === 1 ? t("combo.one") : t("combo.many", { n })));
  }

  function choose(i: number): void {
    const item = items[i];
    if (item === undefined) return;
    chosen = item;
    input.value = opts.describe(item).label;
    open(false);
    const label = input.value;
    showText(status, () => t("combo.chosen", { label }));
    opts.onChoose(item);
  }

  async function run(text: string): Promise<void> {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    showText(status, () => t("combo.searching"));
    try {
      const found = await opts.search(text, controller.signal);
      if (controller.signal.aborted) return;
      items = found;
      render();
      listbox.dataset.query = text; // which text the suggestions shown answer
      open(items.length > 0);
      announce();
    } catch (e) {
      if (controller.signal.aborted || (e instanceof DOMException && e.name === "AbortError")) return;
      items = [];
      render();
      open(false);
      showText(status, () => (e instanceof ApiError ? t("error.http", { status: e.status, message: e.message }) : t("error.network")));
      opts.onError?.(e);
    }
  }

  input.addEventListener("input", () => {
    chosen = undefined;
    clearTimeout(timer);
    const text = input.value.trim();
    if (text.length < minLength) {
      pending?.abort();
      items = [];
      render();
      open(false);
      showText(status);
      return;
    }
    timer = setTimeout(() => void run(text), debounceMs);
  });

  input.addEventListener("keydown", (e) => {
    const n = items.length;
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (n === 0) return;
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        if (listbox.hidden) {
          open(true);
          setActive(step === 1 ? 0 : n - 1);
        } else setActive((active + step + n) % n);
        return;
      }
      case "Enter":
        if (!listbox.hidden && active >= 0) {
          e.preventDefault(); // choosing is no form submission
          choose(active);
        }
        return;
      case "Escape":
        e.preventDefault();
        if (!listbox.hidden) open(false);
        else {
          input.value = "";
          chosen = undefined;
          showText(status);
        }
        return;
      default:
        return;
    }
  });

  input.addEventListener("blur", () => open(false));

  return {
    chosen: () => chosen,
    rerender: () => {
      if (items.length > 0) render();
      if (!listbox.hidden) setActive(active);
    },
  };
}
