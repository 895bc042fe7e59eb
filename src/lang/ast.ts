/**
 * The description language's syntax tree. The grammar is tiny and generic (forms, lists, atoms);
 * every node keeps the span of source text it came from, so that every later stage (expansion,
 * binding, schema validation, semantic checks) can report errors at file:line:col.
 */

/** A stretch of source text. Lines and columns are 1-based; offsets are 0-based, end exclusive. */
export interface Span {
  file: string;
  startOffset: number;
  endOffset: number;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/** Where a node produced by macro expansion was expanded (the call site), outermost last. */
export interface Origin {
  /** The define's name. */
  macro: string;
  /** The span of the call that expanded it. */
  callSpan: Span;
}

interface NodeBase {
  span: Span;
  /** Set on nodes that came out of a `(define ...)` body: the chain of expansions that produced them. */
  expandedFrom?: Origin[];
}

/** `(head arg ...)`. The head is an identifier or, for macro calls in Ludii style, a string. */
export interface FormNode extends NodeBase {
  kind: "form";
  head: string;
  headSpan: Span;
  args: Arg[];
}

/** An argument of a form: positional (`name` undefined) or named (`name:value`). */
export interface Arg {
  name?: string;
  /** Span of the `name` part of a named argument. */
  nameSpan?: Span;
  value: Node;
}

/** `{item ...}`. */
export interface ListNode extends NodeBase {
  kind: "list";
  items: Node[];
}

export interface StringNode extends NodeBase {
  kind: "string";
  value: string;
}

export interface NumberNode extends NodeBase {
  kind: "number";
  value: number;
  /** The literal as written (e.g. `-3`, `0.5`). */
  text: string;
}

/** A bare identifier: a name, a site label, a keyword such as `mover`. */
export interface IdentNode extends NodeBase {
  kind: "ident";
  name: string;
}

/** A macro parameter inside a define body: `#1`, `#2` ... */
export interface ParamNode extends NodeBase {
  kind: "param";
  index: number;
}

/** An option reference: `$quietDraw`. Replaced by the option's value during expansion. */
export interface OptionRefNode extends NodeBase {
  kind: "optionRef";
  name: string;
}

export type Node = FormNode | ListNode | StringNode | NumberNode | IdentNode | ParamNode | OptionRefNode;

/** A whole parsed file: its top-level nodes, in order. */
export interface FileNode {
  file: string;
  text: string;
  items: Node[];
}
