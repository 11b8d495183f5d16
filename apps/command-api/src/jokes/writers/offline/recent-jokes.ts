/**
 * The last few things shown for each key: the jokes written for each request
 * shape (comedian, topic, length) here, and a visitor's last forms in
 * learning/form-chooser.ts. For the jokes: so that pressing Generate again does not hand back a joke just seen. Short
 * jokes come from a finite set of fragments, and chance alone repeats one
 * within ten presses far too often. In-process and best effort: enough for
 * one user pressing the button; bounded, so memory stays small.
 */
export class RecentJokes {
  // A Map iterates in insertion order, which makes it a cheap LRU.
  private readonly byRequest = new Map<string, string[]>();

  constructor(
    private readonly perRequest = 10,
    private readonly maxRequests = 500,
  ) {}

  has(request: string, content: string): boolean {
    return this.byRequest.get(request)?.includes(content) ?? false;
  }

  remember(request: string, content: string): void {
    const recent = this.byRequest.get(request) ?? [];
    this.byRequest.delete(request);
    this.byRequest.set(request, [...recent, content].slice(-this.perRequest));
    if (this.byRequest.size > this.maxRequests) {
      const oldest = this.byRequest.keys().next().value;
      if (oldest !== undefined) this.byRequest.delete(oldest);
    }
  }
}
