import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// <rapi-doc> is a custom element (the rapidoc package); its attributes are strings.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rapi-doc': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Record<string, unknown>;
    }
  }
}
