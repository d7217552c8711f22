/** Small DOM helpers shared by the panels (no framework). */

type Attributes = Record<string, string | number | boolean | undefined>;

/** Creates an element with attributes (`false`/`undefined` omitted) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  return filled(document.createElement(tag), attributes, children);
}

/** Sets `attributes` (`false`/`undefined` omitted) and appends `children`. */
function filled<E extends Element>(
  element: E,
  attributes: Attributes,
  children: (Node | string)[],
): E {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/** A number field for whole numbers in `min..max`, showing `value`. */
export function integerInput(
  id: string,
  min: number,
  max: number,
  value: string,
): HTMLInputElement {
  return h('input', { id, type: 'number', min, max, value });
}

/** A labelled form control: `<label>text <control></label>`, so every input has a name. */
export function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', {}, `${text} `, control);
}

/** The message of anything thrown, with the error's class name (the typed errors carry it). */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element (in the SVG namespace) with attributes and children. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  return filled(document.createElementNS(SVG_NS, tag), attributes, children);
}
