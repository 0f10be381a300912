/** One language's words that the import writes into names (generated-words.ts; one module per language beside it). */
export interface GeneratedWords {
  /** Before a platform_code: `Leuven Station perron 5`. */
  readonly platform: string;
  /** Before a platform's main destination: `Times Sq-42 St richting South Ferry`. */
  readonly towards: string;
  /** A platform where trips only end. */
  readonly arrival: string;
}
