/** Where a request came from, for the metadata of what it appends. */
export interface RequestContext {
  correlationId: string;
  traceparent?: string;
}
