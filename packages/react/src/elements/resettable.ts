/** r2wc keeps its props and render method under these registry symbols. */
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInstance extends HTMLElement {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  attributeChangedCallback?(name: string, oldValue: string | null, newValue: string | null): void;
}

function camel(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * r2wc ignores the removal of an attribute, so the prop keeps its last value. This subclass deletes the
 * prop instead and renders again: the component falls back to its default, as a host page expects.
 */
export function resetOnAttributeRemoval(Base: CustomElementConstructor): CustomElementConstructor {
  const base = Base as unknown as new () => R2wcInstance;
  class Resettable extends base {
    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (newValue === null) {
        const props = this[PROPS];
        const key = camel(name);
        if (key in props) {
          delete props[key];
          this[RENDER]();
        }
        return;
      }
      super.attributeChangedCallback?.(name, oldValue, newValue);
    }
  }
  return Resettable as unknown as CustomElementConstructor;
}
