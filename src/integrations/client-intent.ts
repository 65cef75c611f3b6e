/**
 * Astro integration: registers the `client:intent` directive (src/directives/intent.ts).
 */
import type { AstroIntegration } from 'astro';

export default function clientIntent(): AstroIntegration {
  return {
    name: 'phantastika:client-intent',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // esbuild bundles the entrypoint from the project root (a path, not a file: URL).
        addClientDirective({ name: 'intent', entrypoint: './src/directives/intent.ts' });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on intent (pointer, focus, touch); the value may name eager conditions: 'session', 'query', 'return'. */
    'client:intent'?: boolean | string;
  }
}
