// Types of eslint.boundaries.js for the tests that lint with it.
import type { Linter } from 'eslint';

export declare const CLIENT_FEATURES: string[];
export declare const COMPOSED_ACROSS_FEATURES: string[];
export declare const boundaries: Linter.Config[];
