// A very small stand-in DOM for the tests that draw under Node what common/dom.js's `el` builds:
// elements with attributes, classes, data-*, text, children, listeners, and querySelectorAll for
// one compound selector of classes and attributes (".a.b[data-x]"). `installFakeDocument()`
// makes it globalThis.document; call it from a test, after the client's modules are imported,
// so that i18n/index.js has chosen English (it speaks the browser's language when a document is
// there as it loads).

class FakeText {
  constructor(text) {
    this.text = String(text);
  }

  get textContent() {
    return this.text;
  }
}

export class FakeElement {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.childNodes = [];
    this.listeners = new Map();
    this.hidden = false;
    const element = this;
    // data-* as element.dataset: read and written through the attributes.
    this.dataset = new Proxy(
      {},
      {
        get: (target, key) => element.getAttribute(dataName(key)) ?? undefined,
        set: (target, key, value) => {
          element.setAttribute(dataName(key), value);
          return true;
        },
      },
    );
  }

  get className() {
    return this.getAttribute('class') ?? '';
  }

  set className(value) {
    this.setAttribute('class', value);
  }

  get children() {
    return this.childNodes.filter((node) => node instanceof FakeElement);
  }

  get textContent() {
    return this.childNodes.map((node) => node.textContent).join('');
  }

  set textContent(value) {
    this.childNodes = value === '' ? [] : [new FakeText(value)];
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  addEventListener(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }

  // Calls the listeners of `event.type` with `event` (given preventDefault if it has none).
  dispatch(event) {
    const full = { preventDefault() {}, ...event };
    for (const fn of this.listeners.get(event.type) || []) fn(full);
    return full;
  }

  append(...nodes) {
    this.childNodes.push(...nodes);
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  // Every element under this one, depth first.
  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }

  querySelectorAll(selector) {
    const matches = compile(selector);
    return [...this.descendants()].filter(matches);
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

function dataName(key) {
  return `data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

// ".a.b[data-x][data-y="z"]" (one element, no combinators) as a test of an element.
function compile(selector) {
  const classes = [...selector.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  const attributes = [...selector.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)].map((m) => [
    m[1],
    m[2],
  ]);
  const tag = /^[a-z]+/i.exec(selector)?.[0]?.toUpperCase();
  return (element) =>
    (!tag || element.tagName === tag) &&
    classes.every((name) => element.className.split(/\s+/).includes(name)) &&
    attributes.every(([name, value]) =>
      value === undefined ? element.hasAttribute(name) : element.getAttribute(name) === value,
    );
}

// Makes a fake document the global one; returns it.
export function installFakeDocument() {
  const document = {
    title: '',
    documentElement: new FakeElement('html'),
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
  };
  Object.defineProperty(globalThis, 'document', {
    value: document,
    configurable: true,
    writable: true,
  });
  return document;
}
