// Types of the jest-dom matchers vitest.setup-dom.ts installs (toBeInTheDocument, toHaveFocus, ...).
import '@testing-library/jest-dom/vitest';
