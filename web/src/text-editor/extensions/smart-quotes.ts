import { Extension, InputRule } from '@tiptap/core';
import {
  closeDoubleQuote,
  closeSingleQuote,
  openDoubleQuote,
  openSingleQuote,
} from '@tiptap/extension-typography';

export interface SmartQuotesOptions {
  /** Read on every typed quote, so the manuscript setting applies without a new editor. */
  isEnabled: () => boolean;
}

/**
 * Typographic quotes (“ ” ‘ ’) as you type, when the manuscript's `format.typography.smartQuotes`
 * is on. Only the quote rules of TipTap's Typography: the writer's (c), 1/2, -> stay as typed.
 */
export const SmartQuotes = Extension.create<SmartQuotesOptions>({
  name: 'smartQuotes',

  addOptions() {
    return { isEnabled: () => true };
  },

  addInputRules() {
    const isEnabled = () => this.options.isEnabled();
    return [openDoubleQuote(), closeDoubleQuote(), openSingleQuote(), closeSingleQuote()].map(
      (rule) =>
        new InputRule({
          find: rule.find,
          handler: (props) => (isEnabled() ? rule.handler(props) : null),
        }),
    );
  },
});
