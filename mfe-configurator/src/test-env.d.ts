// Testing Library's matchers (toBeInTheDocument, ...) on vitest's expect, for the type check of tests.
/// <reference types="@testing-library/jest-dom/vitest" />
