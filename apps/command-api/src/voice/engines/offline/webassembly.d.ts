// Node runs WebAssembly, but @types/node 24.9 does not declare it (TypeScript
// has it only with the DOM's lib): the little of it the offline engine uses.
declare global {
  namespace WebAssembly {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Module {}
    interface Instance {
      readonly exports: Record<string, unknown>;
    }
    type Imports = Record<string, Record<string, unknown>>;
    function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
    function instantiate(module: Module, imports?: Imports): Promise<Instance>;
  }
}

export {};
