"use strict";
const __sandboxGateUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
var library_exports = {};
__export(library_exports, {
  InputError: () => __webpack_exports__InputError,
  openSandbox: () => __webpack_exports__openSandbox
});
module.exports = __toCommonJS(library_exports);
var import_module = require("module");
var __webpack_modules__ = {
  /***/
  2210: (
    /***/
    ((module2, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.MissingRefError = exports2.ValidationError = exports2.CodeGen = exports2.Name = exports2.nil = exports2.stringify = exports2.str = exports2._ = exports2.KeywordCxt = exports2.Ajv2020 = void 0;
      const core_1 = __nccwpck_require__2(3893);
      const draft2020_1 = __nccwpck_require__2(4298);
      const discriminator_1 = __nccwpck_require__2(8886);
      const json_schema_2020_12_1 = __nccwpck_require__2(3995);
      const META_SCHEMA_ID = "https://json-schema.org/draft/2020-12/schema";
      class Ajv2020 extends core_1.default {
        constructor(opts = {}) {
          super({
            ...opts,
            dynamicRef: true,
            next: true,
            unevaluated: true
          });
        }
        _addVocabularies() {
          super._addVocabularies();
          draft2020_1.default.forEach((v) => this.addVocabulary(v));
          if (this.opts.discriminator)
            this.addKeyword(discriminator_1.default);
        }
        _addDefaultMetaSchema() {
          super._addDefaultMetaSchema();
          const { $data, meta } = this.opts;
          if (!meta)
            return;
          json_schema_2020_12_1.default.call(this, $data);
          this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
        }
        defaultMeta() {
          return this.opts.defaultMeta = super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : void 0);
        }
      }
      exports2.Ajv2020 = Ajv2020;
      module2.exports = exports2 = Ajv2020;
      module2.exports.Ajv2020 = Ajv2020;
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2["default"] = Ajv2020;
      var validate_1 = __nccwpck_require__2(7881);
      Object.defineProperty(exports2, "KeywordCxt", { enumerable: true, get: function() {
        return validate_1.KeywordCxt;
      } });
      var codegen_1 = __nccwpck_require__2(1436);
      Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
        return codegen_1._;
      } });
      Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
        return codegen_1.str;
      } });
      Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
        return codegen_1.stringify;
      } });
      Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
        return codegen_1.nil;
      } });
      Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
        return codegen_1.Name;
      } });
      Object.defineProperty(exports2, "CodeGen", { enumerable: true, get: function() {
        return codegen_1.CodeGen;
      } });
      var validation_error_1 = __nccwpck_require__2(3021);
      Object.defineProperty(exports2, "ValidationError", { enumerable: true, get: function() {
        return validation_error_1.default;
      } });
      var ref_error_1 = __nccwpck_require__2(3162);
      Object.defineProperty(exports2, "MissingRefError", { enumerable: true, get: function() {
        return ref_error_1.default;
      } });
    })
  ),
  /***/
  567: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.regexpCode = exports2.getEsmExportName = exports2.getProperty = exports2.safeStringify = exports2.stringify = exports2.strConcat = exports2.addCodeArg = exports2.str = exports2._ = exports2.nil = exports2._Code = exports2.Name = exports2.IDENTIFIER = exports2._CodeOrName = void 0;
      class _CodeOrName {
      }
      exports2._CodeOrName = _CodeOrName;
      exports2.IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;
      class Name extends _CodeOrName {
        constructor(s) {
          super();
          if (!exports2.IDENTIFIER.test(s))
            throw new Error("CodeGen: name must be a valid identifier");
          this.str = s;
        }
        toString() {
          return this.str;
        }
        emptyStr() {
          return false;
        }
        get names() {
          return { [this.str]: 1 };
        }
      }
      exports2.Name = Name;
      class _Code extends _CodeOrName {
        constructor(code) {
          super();
          this._items = typeof code === "string" ? [code] : code;
        }
        toString() {
          return this.str;
        }
        emptyStr() {
          if (this._items.length > 1)
            return false;
          const item = this._items[0];
          return item === "" || item === '""';
        }
        get str() {
          var _a2;
          return (_a2 = this._str) !== null && _a2 !== void 0 ? _a2 : this._str = this._items.reduce((s, c) => `${s}${c}`, "");
        }
        get names() {
          var _a2;
          return (_a2 = this._names) !== null && _a2 !== void 0 ? _a2 : this._names = this._items.reduce((names, c) => {
            if (c instanceof Name)
              names[c.str] = (names[c.str] || 0) + 1;
            return names;
          }, {});
        }
      }
      exports2._Code = _Code;
      exports2.nil = new _Code("");
      function _(strs, ...args) {
        const code = [strs[0]];
        let i = 0;
        while (i < args.length) {
          addCodeArg(code, args[i]);
          code.push(strs[++i]);
        }
        return new _Code(code);
      }
      exports2._ = _;
      const plus = new _Code("+");
      function str(strs, ...args) {
        const expr = [safeStringify(strs[0])];
        let i = 0;
        while (i < args.length) {
          expr.push(plus);
          addCodeArg(expr, args[i]);
          expr.push(plus, safeStringify(strs[++i]));
        }
        optimize(expr);
        return new _Code(expr);
      }
      exports2.str = str;
      function addCodeArg(code, arg) {
        if (arg instanceof _Code)
          code.push(...arg._items);
        else if (arg instanceof Name)
          code.push(arg);
        else
          code.push(interpolate(arg));
      }
      exports2.addCodeArg = addCodeArg;
      function optimize(expr) {
        let i = 1;
        while (i < expr.length - 1) {
          if (expr[i] === plus) {
            const res = mergeExprItems(expr[i - 1], expr[i + 1]);
            if (res !== void 0) {
              expr.splice(i - 1, 3, res);
              continue;
            }
            expr[i++] = "+";
          }
          i++;
        }
      }
      function mergeExprItems(a, b) {
        if (b === '""')
          return a;
        if (a === '""')
          return b;
        if (typeof a == "string") {
          if (b instanceof Name || a[a.length - 1] !== '"')
            return;
          if (typeof b != "string")
            return `${a.slice(0, -1)}${b}"`;
          if (b[0] === '"')
            return a.slice(0, -1) + b.slice(1);
          return;
        }
        if (typeof b == "string" && b[0] === '"' && !(a instanceof Name))
          return `"${a}${b.slice(1)}`;
        return;
      }
      function strConcat(c1, c2) {
        return c2.emptyStr() ? c1 : c1.emptyStr() ? c2 : str`${c1}${c2}`;
      }
      exports2.strConcat = strConcat;
      function interpolate(x) {
        return typeof x == "number" || typeof x == "boolean" || x === null ? x : safeStringify(Array.isArray(x) ? x.join(",") : x);
      }
      function stringify(x) {
        return new _Code(safeStringify(x));
      }
      exports2.stringify = stringify;
      function safeStringify(x) {
        return JSON.stringify(x).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
      }
      exports2.safeStringify = safeStringify;
      function getProperty(key) {
        return typeof key == "string" && exports2.IDENTIFIER.test(key) ? new _Code(`.${key}`) : _`[${key}]`;
      }
      exports2.getProperty = getProperty;
      function getEsmExportName(key) {
        if (typeof key == "string" && exports2.IDENTIFIER.test(key)) {
          return new _Code(`${key}`);
        }
        throw new Error(`CodeGen: invalid export name: ${key}, use explicit $id name mapping`);
      }
      exports2.getEsmExportName = getEsmExportName;
      function regexpCode(rx) {
        return new _Code(rx.toString());
      }
      exports2.regexpCode = regexpCode;
    })
  ),
  /***/
  1436: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.or = exports2.and = exports2.not = exports2.CodeGen = exports2.operators = exports2.varKinds = exports2.ValueScopeName = exports2.ValueScope = exports2.Scope = exports2.Name = exports2.regexpCode = exports2.stringify = exports2.getProperty = exports2.nil = exports2.strConcat = exports2.str = exports2._ = void 0;
      const code_1 = __nccwpck_require__2(567);
      const scope_1 = __nccwpck_require__2(7788);
      var code_2 = __nccwpck_require__2(567);
      Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
        return code_2._;
      } });
      Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
        return code_2.str;
      } });
      Object.defineProperty(exports2, "strConcat", { enumerable: true, get: function() {
        return code_2.strConcat;
      } });
      Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
        return code_2.nil;
      } });
      Object.defineProperty(exports2, "getProperty", { enumerable: true, get: function() {
        return code_2.getProperty;
      } });
      Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
        return code_2.stringify;
      } });
      Object.defineProperty(exports2, "regexpCode", { enumerable: true, get: function() {
        return code_2.regexpCode;
      } });
      Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
        return code_2.Name;
      } });
      var scope_2 = __nccwpck_require__2(7788);
      Object.defineProperty(exports2, "Scope", { enumerable: true, get: function() {
        return scope_2.Scope;
      } });
      Object.defineProperty(exports2, "ValueScope", { enumerable: true, get: function() {
        return scope_2.ValueScope;
      } });
      Object.defineProperty(exports2, "ValueScopeName", { enumerable: true, get: function() {
        return scope_2.ValueScopeName;
      } });
      Object.defineProperty(exports2, "varKinds", { enumerable: true, get: function() {
        return scope_2.varKinds;
      } });
      exports2.operators = {
        GT: new code_1._Code(">"),
        GTE: new code_1._Code(">="),
        LT: new code_1._Code("<"),
        LTE: new code_1._Code("<="),
        EQ: new code_1._Code("==="),
        NEQ: new code_1._Code("!=="),
        NOT: new code_1._Code("!"),
        OR: new code_1._Code("||"),
        AND: new code_1._Code("&&"),
        ADD: new code_1._Code("+")
      };
      class Node {
        optimizeNodes() {
          return this;
        }
        optimizeNames(_names, _constants) {
          return this;
        }
      }
      class Def extends Node {
        constructor(varKind, name, rhs) {
          super();
          this.varKind = varKind;
          this.name = name;
          this.rhs = rhs;
        }
        render({ es5, _n }) {
          const varKind = es5 ? scope_1.varKinds.var : this.varKind;
          const rhs = this.rhs === void 0 ? "" : ` = ${this.rhs}`;
          return `${varKind} ${this.name}${rhs};` + _n;
        }
        optimizeNames(names, constants2) {
          if (!names[this.name.str])
            return;
          if (this.rhs)
            this.rhs = optimizeExpr(this.rhs, names, constants2);
          return this;
        }
        get names() {
          return this.rhs instanceof code_1._CodeOrName ? this.rhs.names : {};
        }
      }
      class Assign extends Node {
        constructor(lhs, rhs, sideEffects) {
          super();
          this.lhs = lhs;
          this.rhs = rhs;
          this.sideEffects = sideEffects;
        }
        render({ _n }) {
          return `${this.lhs} = ${this.rhs};` + _n;
        }
        optimizeNames(names, constants2) {
          if (this.lhs instanceof code_1.Name && !names[this.lhs.str] && !this.sideEffects)
            return;
          this.rhs = optimizeExpr(this.rhs, names, constants2);
          return this;
        }
        get names() {
          const names = this.lhs instanceof code_1.Name ? {} : { ...this.lhs.names };
          return addExprNames(names, this.rhs);
        }
      }
      class AssignOp extends Assign {
        constructor(lhs, op, rhs, sideEffects) {
          super(lhs, rhs, sideEffects);
          this.op = op;
        }
        render({ _n }) {
          return `${this.lhs} ${this.op}= ${this.rhs};` + _n;
        }
      }
      class Label extends Node {
        constructor(label2) {
          super();
          this.label = label2;
          this.names = {};
        }
        render({ _n }) {
          return `${this.label}:` + _n;
        }
      }
      class Break extends Node {
        constructor(label2) {
          super();
          this.label = label2;
          this.names = {};
        }
        render({ _n }) {
          const label2 = this.label ? ` ${this.label}` : "";
          return `break${label2};` + _n;
        }
      }
      class Throw extends Node {
        constructor(error) {
          super();
          this.error = error;
        }
        render({ _n }) {
          return `throw ${this.error};` + _n;
        }
        get names() {
          return this.error.names;
        }
      }
      class AnyCode extends Node {
        constructor(code) {
          super();
          this.code = code;
        }
        render({ _n }) {
          return `${this.code};` + _n;
        }
        optimizeNodes() {
          return `${this.code}` ? this : void 0;
        }
        optimizeNames(names, constants2) {
          this.code = optimizeExpr(this.code, names, constants2);
          return this;
        }
        get names() {
          return this.code instanceof code_1._CodeOrName ? this.code.names : {};
        }
      }
      class ParentNode extends Node {
        constructor(nodes = []) {
          super();
          this.nodes = nodes;
        }
        render(opts) {
          return this.nodes.reduce((code, n) => code + n.render(opts), "");
        }
        optimizeNodes() {
          const { nodes } = this;
          let i = nodes.length;
          while (i--) {
            const n = nodes[i].optimizeNodes();
            if (Array.isArray(n))
              nodes.splice(i, 1, ...n);
            else if (n)
              nodes[i] = n;
            else
              nodes.splice(i, 1);
          }
          return nodes.length > 0 ? this : void 0;
        }
        optimizeNames(names, constants2) {
          const { nodes } = this;
          let i = nodes.length;
          while (i--) {
            const n = nodes[i];
            if (n.optimizeNames(names, constants2))
              continue;
            subtractNames(names, n.names);
            nodes.splice(i, 1);
          }
          return nodes.length > 0 ? this : void 0;
        }
        get names() {
          return this.nodes.reduce((names, n) => addNames(names, n.names), {});
        }
      }
      class BlockNode extends ParentNode {
        render(opts) {
          return "{" + opts._n + super.render(opts) + "}" + opts._n;
        }
      }
      class Root extends ParentNode {
      }
      class Else extends BlockNode {
      }
      Else.kind = "else";
      class If extends BlockNode {
        constructor(condition, nodes) {
          super(nodes);
          this.condition = condition;
        }
        render(opts) {
          let code = `if(${this.condition})` + super.render(opts);
          if (this.else)
            code += "else " + this.else.render(opts);
          return code;
        }
        optimizeNodes() {
          super.optimizeNodes();
          const cond = this.condition;
          if (cond === true)
            return this.nodes;
          let e = this.else;
          if (e) {
            const ns = e.optimizeNodes();
            e = this.else = Array.isArray(ns) ? new Else(ns) : ns;
          }
          if (e) {
            if (cond === false)
              return e instanceof If ? e : e.nodes;
            if (this.nodes.length)
              return this;
            return new If(not(cond), e instanceof If ? [e] : e.nodes);
          }
          if (cond === false || !this.nodes.length)
            return void 0;
          return this;
        }
        optimizeNames(names, constants2) {
          var _a2;
          this.else = (_a2 = this.else) === null || _a2 === void 0 ? void 0 : _a2.optimizeNames(names, constants2);
          if (!(super.optimizeNames(names, constants2) || this.else))
            return;
          this.condition = optimizeExpr(this.condition, names, constants2);
          return this;
        }
        get names() {
          const names = super.names;
          addExprNames(names, this.condition);
          if (this.else)
            addNames(names, this.else.names);
          return names;
        }
      }
      If.kind = "if";
      class For extends BlockNode {
      }
      For.kind = "for";
      class ForLoop extends For {
        constructor(iteration) {
          super();
          this.iteration = iteration;
        }
        render(opts) {
          return `for(${this.iteration})` + super.render(opts);
        }
        optimizeNames(names, constants2) {
          if (!super.optimizeNames(names, constants2))
            return;
          this.iteration = optimizeExpr(this.iteration, names, constants2);
          return this;
        }
        get names() {
          return addNames(super.names, this.iteration.names);
        }
      }
      class ForRange extends For {
        constructor(varKind, name, from, to) {
          super();
          this.varKind = varKind;
          this.name = name;
          this.from = from;
          this.to = to;
        }
        render(opts) {
          const varKind = opts.es5 ? scope_1.varKinds.var : this.varKind;
          const { name, from, to } = this;
          return `for(${varKind} ${name}=${from}; ${name}<${to}; ${name}++)` + super.render(opts);
        }
        get names() {
          const names = addExprNames(super.names, this.from);
          return addExprNames(names, this.to);
        }
      }
      class ForIter extends For {
        constructor(loop, varKind, name, iterable) {
          super();
          this.loop = loop;
          this.varKind = varKind;
          this.name = name;
          this.iterable = iterable;
        }
        render(opts) {
          return `for(${this.varKind} ${this.name} ${this.loop} ${this.iterable})` + super.render(opts);
        }
        optimizeNames(names, constants2) {
          if (!super.optimizeNames(names, constants2))
            return;
          this.iterable = optimizeExpr(this.iterable, names, constants2);
          return this;
        }
        get names() {
          return addNames(super.names, this.iterable.names);
        }
      }
      class Func extends BlockNode {
        constructor(name, args, async) {
          super();
          this.name = name;
          this.args = args;
          this.async = async;
        }
        render(opts) {
          const _async = this.async ? "async " : "";
          return `${_async}function ${this.name}(${this.args})` + super.render(opts);
        }
      }
      Func.kind = "func";
      class Return extends ParentNode {
        render(opts) {
          return "return " + super.render(opts);
        }
      }
      Return.kind = "return";
      class Try extends BlockNode {
        render(opts) {
          let code = "try" + super.render(opts);
          if (this.catch)
            code += this.catch.render(opts);
          if (this.finally)
            code += this.finally.render(opts);
          return code;
        }
        optimizeNodes() {
          var _a2, _b;
          super.optimizeNodes();
          (_a2 = this.catch) === null || _a2 === void 0 ? void 0 : _a2.optimizeNodes();
          (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNodes();
          return this;
        }
        optimizeNames(names, constants2) {
          var _a2, _b;
          super.optimizeNames(names, constants2);
          (_a2 = this.catch) === null || _a2 === void 0 ? void 0 : _a2.optimizeNames(names, constants2);
          (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNames(names, constants2);
          return this;
        }
        get names() {
          const names = super.names;
          if (this.catch)
            addNames(names, this.catch.names);
          if (this.finally)
            addNames(names, this.finally.names);
          return names;
        }
      }
      class Catch extends BlockNode {
        constructor(error) {
          super();
          this.error = error;
        }
        render(opts) {
          return `catch(${this.error})` + super.render(opts);
        }
      }
      Catch.kind = "catch";
      class Finally extends BlockNode {
        render(opts) {
          return "finally" + super.render(opts);
        }
      }
      Finally.kind = "finally";
      class CodeGen {
        constructor(extScope, opts = {}) {
          this._values = {};
          this._blockStarts = [];
          this._constants = {};
          this.opts = { ...opts, _n: opts.lines ? "\n" : "" };
          this._extScope = extScope;
          this._scope = new scope_1.Scope({ parent: extScope });
          this._nodes = [new Root()];
        }
        toString() {
          return this._root.render(this.opts);
        }
        // returns unique name in the internal scope
        name(prefix) {
          return this._scope.name(prefix);
        }
        // reserves unique name in the external scope
        scopeName(prefix) {
          return this._extScope.name(prefix);
        }
        // reserves unique name in the external scope and assigns value to it
        scopeValue(prefixOrName, value) {
          const name = this._extScope.value(prefixOrName, value);
          const vs = this._values[name.prefix] || (this._values[name.prefix] = /* @__PURE__ */ new Set());
          vs.add(name);
          return name;
        }
        getScopeValue(prefix, keyOrRef) {
          return this._extScope.getValue(prefix, keyOrRef);
        }
        // return code that assigns values in the external scope to the names that are used internally
        // (same names that were returned by gen.scopeName or gen.scopeValue)
        scopeRefs(scopeName) {
          return this._extScope.scopeRefs(scopeName, this._values);
        }
        scopeCode() {
          return this._extScope.scopeCode(this._values);
        }
        _def(varKind, nameOrPrefix, rhs, constant) {
          const name = this._scope.toName(nameOrPrefix);
          if (rhs !== void 0 && constant)
            this._constants[name.str] = rhs;
          this._leafNode(new Def(varKind, name, rhs));
          return name;
        }
        // `const` declaration (`var` in es5 mode)
        const(nameOrPrefix, rhs, _constant) {
          return this._def(scope_1.varKinds.const, nameOrPrefix, rhs, _constant);
        }
        // `let` declaration with optional assignment (`var` in es5 mode)
        let(nameOrPrefix, rhs, _constant) {
          return this._def(scope_1.varKinds.let, nameOrPrefix, rhs, _constant);
        }
        // `var` declaration with optional assignment
        var(nameOrPrefix, rhs, _constant) {
          return this._def(scope_1.varKinds.var, nameOrPrefix, rhs, _constant);
        }
        // assignment code
        assign(lhs, rhs, sideEffects) {
          return this._leafNode(new Assign(lhs, rhs, sideEffects));
        }
        // `+=` code
        add(lhs, rhs) {
          return this._leafNode(new AssignOp(lhs, exports2.operators.ADD, rhs));
        }
        // appends passed SafeExpr to code or executes Block
        code(c) {
          if (typeof c == "function")
            c();
          else if (c !== code_1.nil)
            this._leafNode(new AnyCode(c));
          return this;
        }
        // returns code for object literal for the passed argument list of key-value pairs
        object(...keyValues) {
          const code = ["{"];
          for (const [key, value] of keyValues) {
            if (code.length > 1)
              code.push(",");
            code.push(key);
            if (key !== value || this.opts.es5) {
              code.push(":");
              (0, code_1.addCodeArg)(code, value);
            }
          }
          code.push("}");
          return new code_1._Code(code);
        }
        // `if` clause (or statement if `thenBody` and, optionally, `elseBody` are passed)
        if(condition, thenBody, elseBody) {
          this._blockNode(new If(condition));
          if (thenBody && elseBody) {
            this.code(thenBody).else().code(elseBody).endIf();
          } else if (thenBody) {
            this.code(thenBody).endIf();
          } else if (elseBody) {
            throw new Error('CodeGen: "else" body without "then" body');
          }
          return this;
        }
        // `else if` clause - invalid without `if` or after `else` clauses
        elseIf(condition) {
          return this._elseNode(new If(condition));
        }
        // `else` clause - only valid after `if` or `else if` clauses
        else() {
          return this._elseNode(new Else());
        }
        // end `if` statement (needed if gen.if was used only with condition)
        endIf() {
          return this._endBlockNode(If, Else);
        }
        _for(node, forBody) {
          this._blockNode(node);
          if (forBody)
            this.code(forBody).endFor();
          return this;
        }
        // a generic `for` clause (or statement if `forBody` is passed)
        for(iteration, forBody) {
          return this._for(new ForLoop(iteration), forBody);
        }
        // `for` statement for a range of values
        forRange(nameOrPrefix, from, to, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.let) {
          const name = this._scope.toName(nameOrPrefix);
          return this._for(new ForRange(varKind, name, from, to), () => forBody(name));
        }
        // `for-of` statement (in es5 mode replace with a normal for loop)
        forOf(nameOrPrefix, iterable, forBody, varKind = scope_1.varKinds.const) {
          const name = this._scope.toName(nameOrPrefix);
          if (this.opts.es5) {
            const arr = iterable instanceof code_1.Name ? iterable : this.var("_arr", iterable);
            return this.forRange("_i", 0, (0, code_1._)`${arr}.length`, (i) => {
              this.var(name, (0, code_1._)`${arr}[${i}]`);
              forBody(name);
            });
          }
          return this._for(new ForIter("of", varKind, name, iterable), () => forBody(name));
        }
        // `for-in` statement.
        // With option `ownProperties` replaced with a `for-of` loop for object keys
        forIn(nameOrPrefix, obj, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.const) {
          if (this.opts.ownProperties) {
            return this.forOf(nameOrPrefix, (0, code_1._)`Object.keys(${obj})`, forBody);
          }
          const name = this._scope.toName(nameOrPrefix);
          return this._for(new ForIter("in", varKind, name, obj), () => forBody(name));
        }
        // end `for` loop
        endFor() {
          return this._endBlockNode(For);
        }
        // `label` statement
        label(label2) {
          return this._leafNode(new Label(label2));
        }
        // `break` statement
        break(label2) {
          return this._leafNode(new Break(label2));
        }
        // `return` statement
        return(value) {
          const node = new Return();
          this._blockNode(node);
          this.code(value);
          if (node.nodes.length !== 1)
            throw new Error('CodeGen: "return" should have one node');
          return this._endBlockNode(Return);
        }
        // `try` statement
        try(tryBody, catchCode, finallyCode) {
          if (!catchCode && !finallyCode)
            throw new Error('CodeGen: "try" without "catch" and "finally"');
          const node = new Try();
          this._blockNode(node);
          this.code(tryBody);
          if (catchCode) {
            const error = this.name("e");
            this._currNode = node.catch = new Catch(error);
            catchCode(error);
          }
          if (finallyCode) {
            this._currNode = node.finally = new Finally();
            this.code(finallyCode);
          }
          return this._endBlockNode(Catch, Finally);
        }
        // `throw` statement
        throw(error) {
          return this._leafNode(new Throw(error));
        }
        // start self-balancing block
        block(body, nodeCount) {
          this._blockStarts.push(this._nodes.length);
          if (body)
            this.code(body).endBlock(nodeCount);
          return this;
        }
        // end the current self-balancing block
        endBlock(nodeCount) {
          const len = this._blockStarts.pop();
          if (len === void 0)
            throw new Error("CodeGen: not in self-balancing block");
          const toClose = this._nodes.length - len;
          if (toClose < 0 || nodeCount !== void 0 && toClose !== nodeCount) {
            throw new Error(`CodeGen: wrong number of nodes: ${toClose} vs ${nodeCount} expected`);
          }
          this._nodes.length = len;
          return this;
        }
        // `function` heading (or definition if funcBody is passed)
        func(name, args = code_1.nil, async, funcBody) {
          this._blockNode(new Func(name, args, async));
          if (funcBody)
            this.code(funcBody).endFunc();
          return this;
        }
        // end function definition
        endFunc() {
          return this._endBlockNode(Func);
        }
        optimize(n = 1) {
          while (n-- > 0) {
            this._root.optimizeNodes();
            this._root.optimizeNames(this._root.names, this._constants);
          }
        }
        _leafNode(node) {
          this._currNode.nodes.push(node);
          return this;
        }
        _blockNode(node) {
          this._currNode.nodes.push(node);
          this._nodes.push(node);
        }
        _endBlockNode(N1, N2) {
          const n = this._currNode;
          if (n instanceof N1 || N2 && n instanceof N2) {
            this._nodes.pop();
            return this;
          }
          throw new Error(`CodeGen: not in block "${N2 ? `${N1.kind}/${N2.kind}` : N1.kind}"`);
        }
        _elseNode(node) {
          const n = this._currNode;
          if (!(n instanceof If)) {
            throw new Error('CodeGen: "else" without "if"');
          }
          this._currNode = n.else = node;
          return this;
        }
        get _root() {
          return this._nodes[0];
        }
        get _currNode() {
          const ns = this._nodes;
          return ns[ns.length - 1];
        }
        set _currNode(node) {
          const ns = this._nodes;
          ns[ns.length - 1] = node;
        }
      }
      exports2.CodeGen = CodeGen;
      function addNames(names, from) {
        for (const n in from)
          names[n] = (names[n] || 0) + (from[n] || 0);
        return names;
      }
      function addExprNames(names, from) {
        return from instanceof code_1._CodeOrName ? addNames(names, from.names) : names;
      }
      function optimizeExpr(expr, names, constants2) {
        if (expr instanceof code_1.Name)
          return replaceName(expr);
        if (!canOptimize(expr))
          return expr;
        return new code_1._Code(expr._items.reduce((items, c) => {
          if (c instanceof code_1.Name)
            c = replaceName(c);
          if (c instanceof code_1._Code)
            items.push(...c._items);
          else
            items.push(c);
          return items;
        }, []));
        function replaceName(n) {
          const c = constants2[n.str];
          if (c === void 0 || names[n.str] !== 1)
            return n;
          delete names[n.str];
          return c;
        }
        function canOptimize(e) {
          return e instanceof code_1._Code && e._items.some((c) => c instanceof code_1.Name && names[c.str] === 1 && constants2[c.str] !== void 0);
        }
      }
      function subtractNames(names, from) {
        for (const n in from)
          names[n] = (names[n] || 0) - (from[n] || 0);
      }
      function not(x) {
        return typeof x == "boolean" || typeof x == "number" || x === null ? !x : (0, code_1._)`!${par(x)}`;
      }
      exports2.not = not;
      const andCode = mappend(exports2.operators.AND);
      function and(...args) {
        return args.reduce(andCode);
      }
      exports2.and = and;
      const orCode = mappend(exports2.operators.OR);
      function or(...args) {
        return args.reduce(orCode);
      }
      exports2.or = or;
      function mappend(op) {
        return (x, y) => x === code_1.nil ? y : y === code_1.nil ? x : (0, code_1._)`${par(x)} ${op} ${par(y)}`;
      }
      function par(x) {
        return x instanceof code_1.Name ? x : (0, code_1._)`(${x})`;
      }
    })
  ),
  /***/
  7788: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.ValueScope = exports2.ValueScopeName = exports2.Scope = exports2.varKinds = exports2.UsedValueState = void 0;
      const code_1 = __nccwpck_require__2(567);
      class ValueError extends Error {
        constructor(name) {
          super(`CodeGen: "code" for ${name} not defined`);
          this.value = name.value;
        }
      }
      var UsedValueState;
      (function(UsedValueState2) {
        UsedValueState2[UsedValueState2["Started"] = 0] = "Started";
        UsedValueState2[UsedValueState2["Completed"] = 1] = "Completed";
      })(UsedValueState || (exports2.UsedValueState = UsedValueState = {}));
      exports2.varKinds = {
        const: new code_1.Name("const"),
        let: new code_1.Name("let"),
        var: new code_1.Name("var")
      };
      class Scope {
        constructor({ prefixes, parent } = {}) {
          this._names = {};
          this._prefixes = prefixes;
          this._parent = parent;
        }
        toName(nameOrPrefix) {
          return nameOrPrefix instanceof code_1.Name ? nameOrPrefix : this.name(nameOrPrefix);
        }
        name(prefix) {
          return new code_1.Name(this._newName(prefix));
        }
        _newName(prefix) {
          const ng = this._names[prefix] || this._nameGroup(prefix);
          return `${prefix}${ng.index++}`;
        }
        _nameGroup(prefix) {
          var _a2, _b;
          if (((_b = (_a2 = this._parent) === null || _a2 === void 0 ? void 0 : _a2._prefixes) === null || _b === void 0 ? void 0 : _b.has(prefix)) || this._prefixes && !this._prefixes.has(prefix)) {
            throw new Error(`CodeGen: prefix "${prefix}" is not allowed in this scope`);
          }
          return this._names[prefix] = { prefix, index: 0 };
        }
      }
      exports2.Scope = Scope;
      class ValueScopeName extends code_1.Name {
        constructor(prefix, nameStr) {
          super(nameStr);
          this.prefix = prefix;
        }
        setValue(value, { property, itemIndex }) {
          this.value = value;
          this.scopePath = (0, code_1._)`.${new code_1.Name(property)}[${itemIndex}]`;
        }
      }
      exports2.ValueScopeName = ValueScopeName;
      const line = (0, code_1._)`\n`;
      class ValueScope extends Scope {
        constructor(opts) {
          super(opts);
          this._values = {};
          this._scope = opts.scope;
          this.opts = { ...opts, _n: opts.lines ? line : code_1.nil };
        }
        get() {
          return this._scope;
        }
        name(prefix) {
          return new ValueScopeName(prefix, this._newName(prefix));
        }
        value(nameOrPrefix, value) {
          var _a2;
          if (value.ref === void 0)
            throw new Error("CodeGen: ref must be passed in value");
          const name = this.toName(nameOrPrefix);
          const { prefix } = name;
          const valueKey = (_a2 = value.key) !== null && _a2 !== void 0 ? _a2 : value.ref;
          let vs = this._values[prefix];
          if (vs) {
            const _name = vs.get(valueKey);
            if (_name)
              return _name;
          } else {
            vs = this._values[prefix] = /* @__PURE__ */ new Map();
          }
          vs.set(valueKey, name);
          const s = this._scope[prefix] || (this._scope[prefix] = []);
          const itemIndex = s.length;
          s[itemIndex] = value.ref;
          name.setValue(value, { property: prefix, itemIndex });
          return name;
        }
        getValue(prefix, keyOrRef) {
          const vs = this._values[prefix];
          if (!vs)
            return;
          return vs.get(keyOrRef);
        }
        scopeRefs(scopeName, values = this._values) {
          return this._reduceValues(values, (name) => {
            if (name.scopePath === void 0)
              throw new Error(`CodeGen: name "${name}" has no value`);
            return (0, code_1._)`${scopeName}${name.scopePath}`;
          });
        }
        scopeCode(values = this._values, usedValues, getCode) {
          return this._reduceValues(values, (name) => {
            if (name.value === void 0)
              throw new Error(`CodeGen: name "${name}" has no value`);
            return name.value.code;
          }, usedValues, getCode);
        }
        _reduceValues(values, valueCode, usedValues = {}, getCode) {
          let code = code_1.nil;
          for (const prefix in values) {
            const vs = values[prefix];
            if (!vs)
              continue;
            const nameSet = usedValues[prefix] = usedValues[prefix] || /* @__PURE__ */ new Map();
            vs.forEach((name) => {
              if (nameSet.has(name))
                return;
              nameSet.set(name, UsedValueState.Started);
              let c = valueCode(name);
              if (c) {
                const def = this.opts.es5 ? exports2.varKinds.var : exports2.varKinds.const;
                code = (0, code_1._)`${code}${def} ${name} = ${c};${this.opts._n}`;
              } else if (c = getCode === null || getCode === void 0 ? void 0 : getCode(name)) {
                code = (0, code_1._)`${code}${c}${this.opts._n}`;
              } else {
                throw new ValueError(name);
              }
              nameSet.set(name, UsedValueState.Completed);
            });
          }
          return code;
        }
      }
      exports2.ValueScope = ValueScope;
    })
  ),
  /***/
  1283: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.extendErrors = exports2.resetErrorsCount = exports2.reportExtraError = exports2.reportError = exports2.keyword$DataError = exports2.keywordError = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const names_1 = __nccwpck_require__2(630);
      exports2.keywordError = {
        message: ({ keyword }) => (0, codegen_1.str)`must pass "${keyword}" keyword validation`
      };
      exports2.keyword$DataError = {
        message: ({ keyword, schemaType }) => schemaType ? (0, codegen_1.str)`"${keyword}" keyword must be ${schemaType} ($data)` : (0, codegen_1.str)`"${keyword}" keyword is invalid ($data)`
      };
      function reportError(cxt, error = exports2.keywordError, errorPaths, overrideAllErrors) {
        const { it } = cxt;
        const { gen, compositeRule, allErrors } = it;
        const errObj = errorObjectCode(cxt, error, errorPaths);
        if (overrideAllErrors !== null && overrideAllErrors !== void 0 ? overrideAllErrors : compositeRule || allErrors) {
          addError(gen, errObj);
        } else {
          returnErrors(it, (0, codegen_1._)`[${errObj}]`);
        }
      }
      exports2.reportError = reportError;
      function reportExtraError(cxt, error = exports2.keywordError, errorPaths) {
        const { it } = cxt;
        const { gen, compositeRule, allErrors } = it;
        const errObj = errorObjectCode(cxt, error, errorPaths);
        addError(gen, errObj);
        if (!(compositeRule || allErrors)) {
          returnErrors(it, names_1.default.vErrors);
        }
      }
      exports2.reportExtraError = reportExtraError;
      function resetErrorsCount(gen, errsCount) {
        gen.assign(names_1.default.errors, errsCount);
        gen.if((0, codegen_1._)`${names_1.default.vErrors} !== null`, () => gen.if(errsCount, () => gen.assign((0, codegen_1._)`${names_1.default.vErrors}.length`, errsCount), () => gen.assign(names_1.default.vErrors, null)));
      }
      exports2.resetErrorsCount = resetErrorsCount;
      function extendErrors({ gen, keyword, schemaValue, data, errsCount, it }) {
        if (errsCount === void 0)
          throw new Error("ajv implementation error");
        const err = gen.name("err");
        gen.forRange("i", errsCount, names_1.default.errors, (i) => {
          gen.const(err, (0, codegen_1._)`${names_1.default.vErrors}[${i}]`);
          gen.if((0, codegen_1._)`${err}.instancePath === undefined`, () => gen.assign((0, codegen_1._)`${err}.instancePath`, (0, codegen_1.strConcat)(names_1.default.instancePath, it.errorPath)));
          gen.assign((0, codegen_1._)`${err}.schemaPath`, (0, codegen_1.str)`${it.errSchemaPath}/${keyword}`);
          if (it.opts.verbose) {
            gen.assign((0, codegen_1._)`${err}.schema`, schemaValue);
            gen.assign((0, codegen_1._)`${err}.data`, data);
          }
        });
      }
      exports2.extendErrors = extendErrors;
      function addError(gen, errObj) {
        const err = gen.const("err", errObj);
        gen.if((0, codegen_1._)`${names_1.default.vErrors} === null`, () => gen.assign(names_1.default.vErrors, (0, codegen_1._)`[${err}]`), (0, codegen_1._)`${names_1.default.vErrors}.push(${err})`);
        gen.code((0, codegen_1._)`${names_1.default.errors}++`);
      }
      function returnErrors(it, errs) {
        const { gen, validateName, schemaEnv } = it;
        if (schemaEnv.$async) {
          gen.throw((0, codegen_1._)`new ${it.ValidationError}(${errs})`);
        } else {
          gen.assign((0, codegen_1._)`${validateName}.errors`, errs);
          gen.return(false);
        }
      }
      const E = {
        keyword: new codegen_1.Name("keyword"),
        schemaPath: new codegen_1.Name("schemaPath"),
        // also used in JTD errors
        params: new codegen_1.Name("params"),
        propertyName: new codegen_1.Name("propertyName"),
        message: new codegen_1.Name("message"),
        schema: new codegen_1.Name("schema"),
        parentSchema: new codegen_1.Name("parentSchema")
      };
      function errorObjectCode(cxt, error, errorPaths) {
        const { createErrors } = cxt.it;
        if (createErrors === false)
          return (0, codegen_1._)`{}`;
        return errorObject(cxt, error, errorPaths);
      }
      function errorObject(cxt, error, errorPaths = {}) {
        const { gen, it } = cxt;
        const keyValues = [
          errorInstancePath(it, errorPaths),
          errorSchemaPath(cxt, errorPaths)
        ];
        extraErrorProps(cxt, error, keyValues);
        return gen.object(...keyValues);
      }
      function errorInstancePath({ errorPath }, { instancePath }) {
        const instPath = instancePath ? (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(instancePath, util_1.Type.Str)}` : errorPath;
        return [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, instPath)];
      }
      function errorSchemaPath({ keyword, it: { errSchemaPath } }, { schemaPath, parentSchema }) {
        let schPath = parentSchema ? errSchemaPath : (0, codegen_1.str)`${errSchemaPath}/${keyword}`;
        if (schemaPath) {
          schPath = (0, codegen_1.str)`${schPath}${(0, util_1.getErrorPath)(schemaPath, util_1.Type.Str)}`;
        }
        return [E.schemaPath, schPath];
      }
      function extraErrorProps(cxt, { params, message }, keyValues) {
        const { keyword, data, schemaValue, it } = cxt;
        const { opts, propertyName, topSchemaRef, schemaPath } = it;
        keyValues.push([E.keyword, keyword], [E.params, typeof params == "function" ? params(cxt) : params || (0, codegen_1._)`{}`]);
        if (opts.messages) {
          keyValues.push([E.message, typeof message == "function" ? message(cxt) : message]);
        }
        if (opts.verbose) {
          keyValues.push([E.schema, schemaValue], [E.parentSchema, (0, codegen_1._)`${topSchemaRef}${schemaPath}`], [names_1.default.data, data]);
        }
        if (propertyName)
          keyValues.push([E.propertyName, propertyName]);
      }
    })
  ),
  /***/
  2718: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.resolveSchema = exports2.getCompilingSchema = exports2.resolveRef = exports2.compileSchema = exports2.SchemaEnv = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const validation_error_1 = __nccwpck_require__2(3021);
      const names_1 = __nccwpck_require__2(630);
      const resolve_1 = __nccwpck_require__2(4090);
      const util_1 = __nccwpck_require__2(4464);
      const validate_1 = __nccwpck_require__2(7881);
      class SchemaEnv {
        constructor(env) {
          var _a2;
          this.refs = {};
          this.dynamicAnchors = {};
          let schema;
          if (typeof env.schema == "object")
            schema = env.schema;
          this.schema = env.schema;
          this.schemaId = env.schemaId;
          this.root = env.root || this;
          this.baseId = (_a2 = env.baseId) !== null && _a2 !== void 0 ? _a2 : (0, resolve_1.normalizeId)(schema === null || schema === void 0 ? void 0 : schema[env.schemaId || "$id"]);
          this.schemaPath = env.schemaPath;
          this.localRefs = env.localRefs;
          this.meta = env.meta;
          this.$async = schema === null || schema === void 0 ? void 0 : schema.$async;
          this.refs = {};
        }
      }
      exports2.SchemaEnv = SchemaEnv;
      function compileSchema(sch) {
        const _sch = getCompilingSchema.call(this, sch);
        if (_sch)
          return _sch;
        const rootId = (0, resolve_1.getFullPath)(this.opts.uriResolver, sch.root.baseId);
        const { es5, lines } = this.opts.code;
        const { ownProperties } = this.opts;
        const gen = new codegen_1.CodeGen(this.scope, { es5, lines, ownProperties });
        let _ValidationError;
        if (sch.$async) {
          _ValidationError = gen.scopeValue("Error", {
            ref: validation_error_1.default,
            code: (0, codegen_1._)`require("ajv/dist/runtime/validation_error").default`
          });
        }
        const validateName = gen.scopeName("validate");
        sch.validateName = validateName;
        const schemaCxt = {
          gen,
          allErrors: this.opts.allErrors,
          data: names_1.default.data,
          parentData: names_1.default.parentData,
          parentDataProperty: names_1.default.parentDataProperty,
          dataNames: [names_1.default.data],
          dataPathArr: [codegen_1.nil],
          // TODO can its length be used as dataLevel if nil is removed?
          dataLevel: 0,
          dataTypes: [],
          definedProperties: /* @__PURE__ */ new Set(),
          topSchemaRef: gen.scopeValue("schema", this.opts.code.source === true ? { ref: sch.schema, code: (0, codegen_1.stringify)(sch.schema) } : { ref: sch.schema }),
          validateName,
          ValidationError: _ValidationError,
          schema: sch.schema,
          schemaEnv: sch,
          rootId,
          baseId: sch.baseId || rootId,
          schemaPath: codegen_1.nil,
          errSchemaPath: sch.schemaPath || (this.opts.jtd ? "" : "#"),
          errorPath: (0, codegen_1._)`""`,
          opts: this.opts,
          self: this
        };
        let sourceCode;
        try {
          this._compilations.add(sch);
          (0, validate_1.validateFunctionCode)(schemaCxt);
          gen.optimize(this.opts.code.optimize);
          const validateCode = gen.toString();
          sourceCode = `${gen.scopeRefs(names_1.default.scope)}return ${validateCode}`;
          if (this.opts.code.process)
            sourceCode = this.opts.code.process(sourceCode, sch);
          const makeValidate = new Function(`${names_1.default.self}`, `${names_1.default.scope}`, sourceCode);
          const validate = makeValidate(this, this.scope.get());
          this.scope.value(validateName, { ref: validate });
          validate.errors = null;
          validate.schema = sch.schema;
          validate.schemaEnv = sch;
          if (sch.$async)
            validate.$async = true;
          if (this.opts.code.source === true) {
            validate.source = { validateName, validateCode, scopeValues: gen._values };
          }
          if (this.opts.unevaluated) {
            const { props, items } = schemaCxt;
            validate.evaluated = {
              props: props instanceof codegen_1.Name ? void 0 : props,
              items: items instanceof codegen_1.Name ? void 0 : items,
              dynamicProps: props instanceof codegen_1.Name,
              dynamicItems: items instanceof codegen_1.Name
            };
            if (validate.source)
              validate.source.evaluated = (0, codegen_1.stringify)(validate.evaluated);
          }
          sch.validate = validate;
          return sch;
        } catch (e) {
          delete sch.validate;
          delete sch.validateName;
          if (sourceCode)
            this.logger.error("Error compiling schema, function code:", sourceCode);
          throw e;
        } finally {
          this._compilations.delete(sch);
        }
      }
      exports2.compileSchema = compileSchema;
      function resolveRef(root, baseId, ref) {
        var _a2;
        ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, ref);
        const schOrFunc = root.refs[ref];
        if (schOrFunc)
          return schOrFunc;
        let _sch = resolve2.call(this, root, ref);
        if (_sch === void 0) {
          const schema = (_a2 = root.localRefs) === null || _a2 === void 0 ? void 0 : _a2[ref];
          const { schemaId } = this.opts;
          if (schema)
            _sch = new SchemaEnv({ schema, schemaId, root, baseId });
        }
        if (_sch === void 0)
          return;
        return root.refs[ref] = inlineOrCompile.call(this, _sch);
      }
      exports2.resolveRef = resolveRef;
      function inlineOrCompile(sch) {
        if ((0, resolve_1.inlineRef)(sch.schema, this.opts.inlineRefs))
          return sch.schema;
        return sch.validate ? sch : compileSchema.call(this, sch);
      }
      function getCompilingSchema(schEnv) {
        for (const sch of this._compilations) {
          if (sameSchemaEnv(sch, schEnv))
            return sch;
        }
      }
      exports2.getCompilingSchema = getCompilingSchema;
      function sameSchemaEnv(s1, s2) {
        return s1.schema === s2.schema && s1.root === s2.root && s1.baseId === s2.baseId;
      }
      function resolve2(root, ref) {
        let sch;
        while (typeof (sch = this.refs[ref]) == "string")
          ref = sch;
        return sch || this.schemas[ref] || resolveSchema.call(this, root, ref);
      }
      function resolveSchema(root, ref) {
        const p = this.opts.uriResolver.parse(ref);
        const refPath = (0, resolve_1._getFullPath)(this.opts.uriResolver, p);
        let baseId = (0, resolve_1.getFullPath)(this.opts.uriResolver, root.baseId, void 0);
        if (Object.keys(root.schema).length > 0 && refPath === baseId) {
          return getJsonPointer.call(this, p, root);
        }
        const id = (0, resolve_1.normalizeId)(refPath);
        const schOrRef = this.refs[id] || this.schemas[id];
        if (typeof schOrRef == "string") {
          const sch = resolveSchema.call(this, root, schOrRef);
          if (typeof (sch === null || sch === void 0 ? void 0 : sch.schema) !== "object")
            return;
          return getJsonPointer.call(this, p, sch);
        }
        if (typeof (schOrRef === null || schOrRef === void 0 ? void 0 : schOrRef.schema) !== "object")
          return;
        if (!schOrRef.validate)
          compileSchema.call(this, schOrRef);
        if (id === (0, resolve_1.normalizeId)(ref)) {
          const { schema } = schOrRef;
          const { schemaId } = this.opts;
          const schId = schema[schemaId];
          if (schId)
            baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
          return new SchemaEnv({ schema, schemaId, root, baseId });
        }
        return getJsonPointer.call(this, p, schOrRef);
      }
      exports2.resolveSchema = resolveSchema;
      const PREVENT_SCOPE_CHANGE = /* @__PURE__ */ new Set([
        "properties",
        "patternProperties",
        "enum",
        "dependencies",
        "definitions"
      ]);
      function getJsonPointer(parsedRef, { baseId, schema, root }) {
        var _a2;
        if (((_a2 = parsedRef.fragment) === null || _a2 === void 0 ? void 0 : _a2[0]) !== "/")
          return;
        for (const part of parsedRef.fragment.slice(1).split("/")) {
          if (typeof schema === "boolean")
            return;
          const partSchema = schema[(0, util_1.unescapeFragment)(part)];
          if (partSchema === void 0)
            return;
          schema = partSchema;
          const schId = typeof schema === "object" && schema[this.opts.schemaId];
          if (!PREVENT_SCOPE_CHANGE.has(part) && schId) {
            baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
          }
        }
        let env;
        if (typeof schema != "boolean" && schema.$ref && !(0, util_1.schemaHasRulesButRef)(schema, this.RULES)) {
          const $ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schema.$ref);
          env = resolveSchema.call(this, root, $ref);
        }
        const { schemaId } = this.opts;
        env = env || new SchemaEnv({ schema, schemaId, root, baseId });
        if (env.schema !== env.root.schema)
          return env;
        return void 0;
      }
    })
  ),
  /***/
  630: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const names = {
        // validation function arguments
        data: new codegen_1.Name("data"),
        // data passed to validation function
        // args passed from referencing schema
        valCxt: new codegen_1.Name("valCxt"),
        // validation/data context - should not be used directly, it is destructured to the names below
        instancePath: new codegen_1.Name("instancePath"),
        parentData: new codegen_1.Name("parentData"),
        parentDataProperty: new codegen_1.Name("parentDataProperty"),
        rootData: new codegen_1.Name("rootData"),
        // root data - same as the data passed to the first/top validation function
        dynamicAnchors: new codegen_1.Name("dynamicAnchors"),
        // used to support recursiveRef and dynamicRef
        // function scoped variables
        vErrors: new codegen_1.Name("vErrors"),
        // null or array of validation errors
        errors: new codegen_1.Name("errors"),
        // counter of validation errors
        this: new codegen_1.Name("this"),
        // "globals"
        self: new codegen_1.Name("self"),
        scope: new codegen_1.Name("scope"),
        // JTD serialize/parse name for JSON string and position
        json: new codegen_1.Name("json"),
        jsonPos: new codegen_1.Name("jsonPos"),
        jsonLen: new codegen_1.Name("jsonLen"),
        jsonPart: new codegen_1.Name("jsonPart")
      };
      exports2["default"] = names;
    })
  ),
  /***/
  3162: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const resolve_1 = __nccwpck_require__2(4090);
      class MissingRefError extends Error {
        constructor(resolver, baseId, ref, msg) {
          super(msg || `can't resolve reference ${ref} from id ${baseId}`);
          this.missingRef = (0, resolve_1.resolveUrl)(resolver, baseId, ref);
          this.missingSchema = (0, resolve_1.normalizeId)((0, resolve_1.getFullPath)(resolver, this.missingRef));
        }
      }
      exports2["default"] = MissingRefError;
    })
  ),
  /***/
  4090: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.getSchemaRefs = exports2.resolveUrl = exports2.normalizeId = exports2._getFullPath = exports2.getFullPath = exports2.inlineRef = void 0;
      const util_1 = __nccwpck_require__2(4464);
      const equal = __nccwpck_require__2(3430);
      const traverse = __nccwpck_require__2(1167);
      const SIMPLE_INLINED = /* @__PURE__ */ new Set([
        "type",
        "format",
        "pattern",
        "maxLength",
        "minLength",
        "maxProperties",
        "minProperties",
        "maxItems",
        "minItems",
        "maximum",
        "minimum",
        "uniqueItems",
        "multipleOf",
        "required",
        "enum",
        "const"
      ]);
      function inlineRef(schema, limit = true) {
        if (typeof schema == "boolean")
          return true;
        if (limit === true)
          return !hasRef(schema);
        if (!limit)
          return false;
        return countKeys(schema) <= limit;
      }
      exports2.inlineRef = inlineRef;
      const REF_KEYWORDS = /* @__PURE__ */ new Set([
        "$ref",
        "$recursiveRef",
        "$recursiveAnchor",
        "$dynamicRef",
        "$dynamicAnchor"
      ]);
      function hasRef(schema) {
        for (const key in schema) {
          if (REF_KEYWORDS.has(key))
            return true;
          const sch = schema[key];
          if (Array.isArray(sch) && sch.some(hasRef))
            return true;
          if (typeof sch == "object" && hasRef(sch))
            return true;
        }
        return false;
      }
      function countKeys(schema) {
        let count = 0;
        for (const key in schema) {
          if (key === "$ref")
            return Infinity;
          count++;
          if (SIMPLE_INLINED.has(key))
            continue;
          if (typeof schema[key] == "object") {
            (0, util_1.eachItem)(schema[key], (sch) => count += countKeys(sch));
          }
          if (count === Infinity)
            return Infinity;
        }
        return count;
      }
      function getFullPath(resolver, id = "", normalize) {
        if (normalize !== false)
          id = normalizeId(id);
        const p = resolver.parse(id);
        return _getFullPath(resolver, p);
      }
      exports2.getFullPath = getFullPath;
      function _getFullPath(resolver, p) {
        const serialized = resolver.serialize(p);
        return serialized.split("#")[0] + "#";
      }
      exports2._getFullPath = _getFullPath;
      const TRAILING_SLASH_HASH = /#\/?$/;
      function normalizeId(id) {
        return id ? id.replace(TRAILING_SLASH_HASH, "") : "";
      }
      exports2.normalizeId = normalizeId;
      function resolveUrl(resolver, baseId, id) {
        id = normalizeId(id);
        return resolver.resolve(baseId, id);
      }
      exports2.resolveUrl = resolveUrl;
      const ANCHOR = /^[a-z_][-a-z0-9._]*$/i;
      function getSchemaRefs(schema, baseId) {
        if (typeof schema == "boolean")
          return {};
        const { schemaId, uriResolver } = this.opts;
        const schId = normalizeId(schema[schemaId] || baseId);
        const baseIds = { "": schId };
        const pathPrefix = getFullPath(uriResolver, schId, false);
        const localRefs = {};
        const schemaRefs = /* @__PURE__ */ new Set();
        traverse(schema, { allKeys: true }, (sch, jsonPtr, _, parentJsonPtr) => {
          if (parentJsonPtr === void 0)
            return;
          const fullPath = pathPrefix + jsonPtr;
          let innerBaseId = baseIds[parentJsonPtr];
          if (typeof sch[schemaId] == "string")
            innerBaseId = addRef.call(this, sch[schemaId]);
          addAnchor.call(this, sch.$anchor);
          addAnchor.call(this, sch.$dynamicAnchor);
          baseIds[jsonPtr] = innerBaseId;
          function addRef(ref) {
            const _resolve = this.opts.uriResolver.resolve;
            ref = normalizeId(innerBaseId ? _resolve(innerBaseId, ref) : ref);
            if (schemaRefs.has(ref))
              throw ambiguos(ref);
            schemaRefs.add(ref);
            let schOrRef = this.refs[ref];
            if (typeof schOrRef == "string")
              schOrRef = this.refs[schOrRef];
            if (typeof schOrRef == "object") {
              checkAmbiguosRef(sch, schOrRef.schema, ref);
            } else if (ref !== normalizeId(fullPath)) {
              if (ref[0] === "#") {
                checkAmbiguosRef(sch, localRefs[ref], ref);
                localRefs[ref] = sch;
              } else {
                this.refs[ref] = fullPath;
              }
            }
            return ref;
          }
          function addAnchor(anchor) {
            if (typeof anchor == "string") {
              if (!ANCHOR.test(anchor))
                throw new Error(`invalid anchor "${anchor}"`);
              addRef.call(this, `#${anchor}`);
            }
          }
        });
        return localRefs;
        function checkAmbiguosRef(sch1, sch2, ref) {
          if (sch2 !== void 0 && !equal(sch1, sch2))
            throw ambiguos(ref);
        }
        function ambiguos(ref) {
          return new Error(`reference "${ref}" resolves to more than one schema`);
        }
      }
      exports2.getSchemaRefs = getSchemaRefs;
    })
  ),
  /***/
  7353: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.getRules = exports2.isJSONType = void 0;
      const _jsonTypes = ["string", "number", "integer", "boolean", "null", "object", "array"];
      const jsonTypes = new Set(_jsonTypes);
      function isJSONType(x) {
        return typeof x == "string" && jsonTypes.has(x);
      }
      exports2.isJSONType = isJSONType;
      function getRules() {
        const groups = {
          number: { type: "number", rules: [] },
          string: { type: "string", rules: [] },
          array: { type: "array", rules: [] },
          object: { type: "object", rules: [] }
        };
        return {
          types: { ...groups, integer: true, boolean: true, null: true },
          rules: [{ rules: [] }, groups.number, groups.string, groups.array, groups.object],
          post: { rules: [] },
          all: {},
          keywords: {}
        };
      }
      exports2.getRules = getRules;
    })
  ),
  /***/
  4464: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.checkStrictMode = exports2.getErrorPath = exports2.Type = exports2.useFunc = exports2.setEvaluated = exports2.evaluatedPropsToName = exports2.mergeEvaluated = exports2.eachItem = exports2.unescapeJsonPointer = exports2.escapeJsonPointer = exports2.escapeFragment = exports2.unescapeFragment = exports2.schemaRefOrVal = exports2.schemaHasRulesButRef = exports2.schemaHasRules = exports2.checkUnknownRules = exports2.alwaysValidSchema = exports2.toHash = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const code_1 = __nccwpck_require__2(567);
      function toHash(arr) {
        const hash = {};
        for (const item of arr)
          hash[item] = true;
        return hash;
      }
      exports2.toHash = toHash;
      function alwaysValidSchema(it, schema) {
        if (typeof schema == "boolean")
          return schema;
        if (Object.keys(schema).length === 0)
          return true;
        checkUnknownRules(it, schema);
        return !schemaHasRules(schema, it.self.RULES.all);
      }
      exports2.alwaysValidSchema = alwaysValidSchema;
      function checkUnknownRules(it, schema = it.schema) {
        const { opts, self } = it;
        if (!opts.strictSchema)
          return;
        if (typeof schema === "boolean")
          return;
        const rules = self.RULES.keywords;
        for (const key in schema) {
          if (!rules[key])
            checkStrictMode(it, `unknown keyword: "${key}"`);
        }
      }
      exports2.checkUnknownRules = checkUnknownRules;
      function schemaHasRules(schema, rules) {
        if (typeof schema == "boolean")
          return !schema;
        for (const key in schema)
          if (rules[key])
            return true;
        return false;
      }
      exports2.schemaHasRules = schemaHasRules;
      function schemaHasRulesButRef(schema, RULES) {
        if (typeof schema == "boolean")
          return !schema;
        for (const key in schema)
          if (key !== "$ref" && RULES.all[key])
            return true;
        return false;
      }
      exports2.schemaHasRulesButRef = schemaHasRulesButRef;
      function schemaRefOrVal({ topSchemaRef, schemaPath }, schema, keyword, $data) {
        if (!$data) {
          if (typeof schema == "number" || typeof schema == "boolean")
            return schema;
          if (typeof schema == "string")
            return (0, codegen_1._)`${schema}`;
        }
        return (0, codegen_1._)`${topSchemaRef}${schemaPath}${(0, codegen_1.getProperty)(keyword)}`;
      }
      exports2.schemaRefOrVal = schemaRefOrVal;
      function unescapeFragment(str) {
        return unescapeJsonPointer(decodeURIComponent(str));
      }
      exports2.unescapeFragment = unescapeFragment;
      function escapeFragment(str) {
        return encodeURIComponent(escapeJsonPointer(str));
      }
      exports2.escapeFragment = escapeFragment;
      function escapeJsonPointer(str) {
        if (typeof str == "number")
          return `${str}`;
        return str.replace(/~/g, "~0").replace(/\//g, "~1");
      }
      exports2.escapeJsonPointer = escapeJsonPointer;
      function unescapeJsonPointer(str) {
        return str.replace(/~1/g, "/").replace(/~0/g, "~");
      }
      exports2.unescapeJsonPointer = unescapeJsonPointer;
      function eachItem(xs, f) {
        if (Array.isArray(xs)) {
          for (const x of xs)
            f(x);
        } else {
          f(xs);
        }
      }
      exports2.eachItem = eachItem;
      function makeMergeEvaluated({ mergeNames, mergeToName, mergeValues, resultToName }) {
        return (gen, from, to, toName) => {
          const res = to === void 0 ? from : to instanceof codegen_1.Name ? (from instanceof codegen_1.Name ? mergeNames(gen, from, to) : mergeToName(gen, from, to), to) : from instanceof codegen_1.Name ? (mergeToName(gen, to, from), from) : mergeValues(from, to);
          return toName === codegen_1.Name && !(res instanceof codegen_1.Name) ? resultToName(gen, res) : res;
        };
      }
      exports2.mergeEvaluated = {
        props: makeMergeEvaluated({
          mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => {
            gen.if((0, codegen_1._)`${from} === true`, () => gen.assign(to, true), () => gen.assign(to, (0, codegen_1._)`${to} || {}`).code((0, codegen_1._)`Object.assign(${to}, ${from})`));
          }),
          mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => {
            if (from === true) {
              gen.assign(to, true);
            } else {
              gen.assign(to, (0, codegen_1._)`${to} || {}`);
              setEvaluated(gen, to, from);
            }
          }),
          mergeValues: (from, to) => from === true ? true : { ...from, ...to },
          resultToName: evaluatedPropsToName
        }),
        items: makeMergeEvaluated({
          mergeNames: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true && ${from} !== undefined`, () => gen.assign(to, (0, codegen_1._)`${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`)),
          mergeToName: (gen, from, to) => gen.if((0, codegen_1._)`${to} !== true`, () => gen.assign(to, from === true ? true : (0, codegen_1._)`${to} > ${from} ? ${to} : ${from}`)),
          mergeValues: (from, to) => from === true ? true : Math.max(from, to),
          resultToName: (gen, items) => gen.var("items", items)
        })
      };
      function evaluatedPropsToName(gen, ps) {
        if (ps === true)
          return gen.var("props", true);
        const props = gen.var("props", (0, codegen_1._)`{}`);
        if (ps !== void 0)
          setEvaluated(gen, props, ps);
        return props;
      }
      exports2.evaluatedPropsToName = evaluatedPropsToName;
      function setEvaluated(gen, props, ps) {
        Object.keys(ps).forEach((p) => gen.assign((0, codegen_1._)`${props}${(0, codegen_1.getProperty)(p)}`, true));
      }
      exports2.setEvaluated = setEvaluated;
      const snippets = {};
      function useFunc(gen, f) {
        return gen.scopeValue("func", {
          ref: f,
          code: snippets[f.code] || (snippets[f.code] = new code_1._Code(f.code))
        });
      }
      exports2.useFunc = useFunc;
      var Type;
      (function(Type2) {
        Type2[Type2["Num"] = 0] = "Num";
        Type2[Type2["Str"] = 1] = "Str";
      })(Type || (exports2.Type = Type = {}));
      function getErrorPath(dataProp, dataPropType, jsPropertySyntax) {
        if (dataProp instanceof codegen_1.Name) {
          const isNumber = dataPropType === Type.Num;
          return jsPropertySyntax ? isNumber ? (0, codegen_1._)`"[" + ${dataProp} + "]"` : (0, codegen_1._)`"['" + ${dataProp} + "']"` : isNumber ? (0, codegen_1._)`"/" + ${dataProp}` : (0, codegen_1._)`"/" + ${dataProp}.replace(/~/g, "~0").replace(/\\//g, "~1")`;
        }
        return jsPropertySyntax ? (0, codegen_1.getProperty)(dataProp).toString() : "/" + escapeJsonPointer(dataProp);
      }
      exports2.getErrorPath = getErrorPath;
      function checkStrictMode(it, msg, mode = it.opts.strictSchema) {
        if (!mode)
          return;
        msg = `strict mode: ${msg}`;
        if (mode === true)
          throw new Error(msg);
        it.self.logger.warn(msg);
      }
      exports2.checkStrictMode = checkStrictMode;
    })
  ),
  /***/
  7692: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.shouldUseRule = exports2.shouldUseGroup = exports2.schemaHasRulesForType = void 0;
      function schemaHasRulesForType({ schema, self }, type) {
        const group = self.RULES.types[type];
        return group && group !== true && shouldUseGroup(schema, group);
      }
      exports2.schemaHasRulesForType = schemaHasRulesForType;
      function shouldUseGroup(schema, group) {
        return group.rules.some((rule) => shouldUseRule(schema, rule));
      }
      exports2.shouldUseGroup = shouldUseGroup;
      function shouldUseRule(schema, rule) {
        var _a2;
        return schema[rule.keyword] !== void 0 || ((_a2 = rule.definition.implements) === null || _a2 === void 0 ? void 0 : _a2.some((kwd) => schema[kwd] !== void 0));
      }
      exports2.shouldUseRule = shouldUseRule;
    })
  ),
  /***/
  5346: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.boolOrEmptySchema = exports2.topBoolOrEmptySchema = void 0;
      const errors_1 = __nccwpck_require__2(1283);
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const boolError = {
        message: "boolean schema is false"
      };
      function topBoolOrEmptySchema(it) {
        const { gen, schema, validateName } = it;
        if (schema === false) {
          falseSchemaError(it, false);
        } else if (typeof schema == "object" && schema.$async === true) {
          gen.return(names_1.default.data);
        } else {
          gen.assign((0, codegen_1._)`${validateName}.errors`, null);
          gen.return(true);
        }
      }
      exports2.topBoolOrEmptySchema = topBoolOrEmptySchema;
      function boolOrEmptySchema(it, valid) {
        const { gen, schema } = it;
        if (schema === false) {
          gen.var(valid, false);
          falseSchemaError(it);
        } else {
          gen.var(valid, true);
        }
      }
      exports2.boolOrEmptySchema = boolOrEmptySchema;
      function falseSchemaError(it, overrideAllErrors) {
        const { gen, data } = it;
        const cxt = {
          gen,
          keyword: "false schema",
          data,
          schema: false,
          schemaCode: false,
          schemaValue: false,
          params: {},
          it
        };
        (0, errors_1.reportError)(cxt, boolError, void 0, overrideAllErrors);
      }
    })
  ),
  /***/
  6685: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.reportTypeError = exports2.checkDataTypes = exports2.checkDataType = exports2.coerceAndCheckDataType = exports2.getJSONTypes = exports2.getSchemaTypes = exports2.DataType = void 0;
      const rules_1 = __nccwpck_require__2(7353);
      const applicability_1 = __nccwpck_require__2(7692);
      const errors_1 = __nccwpck_require__2(1283);
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      var DataType;
      (function(DataType2) {
        DataType2[DataType2["Correct"] = 0] = "Correct";
        DataType2[DataType2["Wrong"] = 1] = "Wrong";
      })(DataType || (exports2.DataType = DataType = {}));
      function getSchemaTypes(schema) {
        const types2 = getJSONTypes(schema.type);
        const hasNull = types2.includes("null");
        if (hasNull) {
          if (schema.nullable === false)
            throw new Error("type: null contradicts nullable: false");
        } else {
          if (!types2.length && schema.nullable !== void 0) {
            throw new Error('"nullable" cannot be used without "type"');
          }
          if (schema.nullable === true)
            types2.push("null");
        }
        return types2;
      }
      exports2.getSchemaTypes = getSchemaTypes;
      function getJSONTypes(ts) {
        const types2 = Array.isArray(ts) ? ts : ts ? [ts] : [];
        if (types2.every(rules_1.isJSONType))
          return types2;
        throw new Error("type must be JSONType or JSONType[]: " + types2.join(","));
      }
      exports2.getJSONTypes = getJSONTypes;
      function coerceAndCheckDataType(it, types2) {
        const { gen, data, opts } = it;
        const coerceTo = coerceToTypes(types2, opts.coerceTypes);
        const checkTypes = types2.length > 0 && !(coerceTo.length === 0 && types2.length === 1 && (0, applicability_1.schemaHasRulesForType)(it, types2[0]));
        if (checkTypes) {
          const wrongType = checkDataTypes(types2, data, opts.strictNumbers, DataType.Wrong);
          gen.if(wrongType, () => {
            if (coerceTo.length)
              coerceData(it, types2, coerceTo);
            else
              reportTypeError(it);
          });
        }
        return checkTypes;
      }
      exports2.coerceAndCheckDataType = coerceAndCheckDataType;
      const COERCIBLE = /* @__PURE__ */ new Set(["string", "number", "integer", "boolean", "null"]);
      function coerceToTypes(types2, coerceTypes) {
        return coerceTypes ? types2.filter((t) => COERCIBLE.has(t) || coerceTypes === "array" && t === "array") : [];
      }
      function coerceData(it, types2, coerceTo) {
        const { gen, data, opts } = it;
        const dataType = gen.let("dataType", (0, codegen_1._)`typeof ${data}`);
        const coerced = gen.let("coerced", (0, codegen_1._)`undefined`);
        if (opts.coerceTypes === "array") {
          gen.if((0, codegen_1._)`${dataType} == 'object' && Array.isArray(${data}) && ${data}.length == 1`, () => gen.assign(data, (0, codegen_1._)`${data}[0]`).assign(dataType, (0, codegen_1._)`typeof ${data}`).if(checkDataTypes(types2, data, opts.strictNumbers), () => gen.assign(coerced, data)));
        }
        gen.if((0, codegen_1._)`${coerced} !== undefined`);
        for (const t of coerceTo) {
          if (COERCIBLE.has(t) || t === "array" && opts.coerceTypes === "array") {
            coerceSpecificType(t);
          }
        }
        gen.else();
        reportTypeError(it);
        gen.endIf();
        gen.if((0, codegen_1._)`${coerced} !== undefined`, () => {
          gen.assign(data, coerced);
          assignParentData(it, coerced);
        });
        function coerceSpecificType(t) {
          switch (t) {
            case "string":
              gen.elseIf((0, codegen_1._)`${dataType} == "number" || ${dataType} == "boolean"`).assign(coerced, (0, codegen_1._)`"" + ${data}`).elseIf((0, codegen_1._)`${data} === null`).assign(coerced, (0, codegen_1._)`""`);
              return;
            case "number":
              gen.elseIf((0, codegen_1._)`${dataType} == "boolean" || ${data} === null
              || (${dataType} == "string" && ${data} && ${data} == +${data})`).assign(coerced, (0, codegen_1._)`+${data}`);
              return;
            case "integer":
              gen.elseIf((0, codegen_1._)`${dataType} === "boolean" || ${data} === null
              || (${dataType} === "string" && ${data} && ${data} == +${data} && !(${data} % 1))`).assign(coerced, (0, codegen_1._)`+${data}`);
              return;
            case "boolean":
              gen.elseIf((0, codegen_1._)`${data} === "false" || ${data} === 0 || ${data} === null`).assign(coerced, false).elseIf((0, codegen_1._)`${data} === "true" || ${data} === 1`).assign(coerced, true);
              return;
            case "null":
              gen.elseIf((0, codegen_1._)`${data} === "" || ${data} === 0 || ${data} === false`);
              gen.assign(coerced, null);
              return;
            case "array":
              gen.elseIf((0, codegen_1._)`${dataType} === "string" || ${dataType} === "number"
              || ${dataType} === "boolean" || ${data} === null`).assign(coerced, (0, codegen_1._)`[${data}]`);
          }
        }
      }
      function assignParentData({ gen, parentData, parentDataProperty }, expr) {
        gen.if((0, codegen_1._)`${parentData} !== undefined`, () => gen.assign((0, codegen_1._)`${parentData}[${parentDataProperty}]`, expr));
      }
      function checkDataType(dataType, data, strictNums, correct = DataType.Correct) {
        const EQ = correct === DataType.Correct ? codegen_1.operators.EQ : codegen_1.operators.NEQ;
        let cond;
        switch (dataType) {
          case "null":
            return (0, codegen_1._)`${data} ${EQ} null`;
          case "array":
            cond = (0, codegen_1._)`Array.isArray(${data})`;
            break;
          case "object":
            cond = (0, codegen_1._)`${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
            break;
          case "integer":
            cond = numCond((0, codegen_1._)`!(${data} % 1) && !isNaN(${data})`);
            break;
          case "number":
            cond = numCond();
            break;
          default:
            return (0, codegen_1._)`typeof ${data} ${EQ} ${dataType}`;
        }
        return correct === DataType.Correct ? cond : (0, codegen_1.not)(cond);
        function numCond(_cond = codegen_1.nil) {
          return (0, codegen_1.and)((0, codegen_1._)`typeof ${data} == "number"`, _cond, strictNums ? (0, codegen_1._)`isFinite(${data})` : codegen_1.nil);
        }
      }
      exports2.checkDataType = checkDataType;
      function checkDataTypes(dataTypes, data, strictNums, correct) {
        if (dataTypes.length === 1) {
          return checkDataType(dataTypes[0], data, strictNums, correct);
        }
        let cond;
        const types2 = (0, util_1.toHash)(dataTypes);
        if (types2.array && types2.object) {
          const notObj = (0, codegen_1._)`typeof ${data} != "object"`;
          cond = types2.null ? notObj : (0, codegen_1._)`!${data} || ${notObj}`;
          delete types2.null;
          delete types2.array;
          delete types2.object;
        } else {
          cond = codegen_1.nil;
        }
        if (types2.number)
          delete types2.integer;
        for (const t in types2)
          cond = (0, codegen_1.and)(cond, checkDataType(t, data, strictNums, correct));
        return cond;
      }
      exports2.checkDataTypes = checkDataTypes;
      const typeError = {
        message: ({ schema }) => `must be ${schema}`,
        params: ({ schema, schemaValue }) => typeof schema == "string" ? (0, codegen_1._)`{type: ${schema}}` : (0, codegen_1._)`{type: ${schemaValue}}`
      };
      function reportTypeError(it) {
        const cxt = getTypeErrorContext(it);
        (0, errors_1.reportError)(cxt, typeError);
      }
      exports2.reportTypeError = reportTypeError;
      function getTypeErrorContext(it) {
        const { gen, data, schema } = it;
        const schemaCode = (0, util_1.schemaRefOrVal)(it, schema, "type");
        return {
          gen,
          keyword: "type",
          data,
          schema: schema.type,
          schemaCode,
          schemaValue: schemaCode,
          parentSchema: schema,
          params: {},
          it
        };
      }
    })
  ),
  /***/
  1699: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.assignDefaults = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      function assignDefaults(it, ty) {
        const { properties, items } = it.schema;
        if (ty === "object" && properties) {
          for (const key in properties) {
            assignDefault(it, key, properties[key].default);
          }
        } else if (ty === "array" && Array.isArray(items)) {
          items.forEach((sch, i) => assignDefault(it, i, sch.default));
        }
      }
      exports2.assignDefaults = assignDefaults;
      function assignDefault(it, prop, defaultValue) {
        const { gen, compositeRule, data, opts } = it;
        if (defaultValue === void 0)
          return;
        const childData = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(prop)}`;
        if (compositeRule) {
          (0, util_1.checkStrictMode)(it, `default is ignored for: ${childData}`);
          return;
        }
        let condition = (0, codegen_1._)`${childData} === undefined`;
        if (opts.useDefaults === "empty") {
          condition = (0, codegen_1._)`${condition} || ${childData} === null || ${childData} === ""`;
        }
        gen.if(condition, (0, codegen_1._)`${childData} = ${(0, codegen_1.stringify)(defaultValue)}`);
      }
    })
  ),
  /***/
  7881: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.getData = exports2.KeywordCxt = exports2.validateFunctionCode = void 0;
      const boolSchema_1 = __nccwpck_require__2(5346);
      const dataType_1 = __nccwpck_require__2(6685);
      const applicability_1 = __nccwpck_require__2(7692);
      const dataType_2 = __nccwpck_require__2(6685);
      const defaults_1 = __nccwpck_require__2(1699);
      const keyword_1 = __nccwpck_require__2(5202);
      const subschema_1 = __nccwpck_require__2(6200);
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const resolve_1 = __nccwpck_require__2(4090);
      const util_1 = __nccwpck_require__2(4464);
      const errors_1 = __nccwpck_require__2(1283);
      function validateFunctionCode(it) {
        if (isSchemaObj(it)) {
          checkKeywords(it);
          if (schemaCxtHasRules(it)) {
            topSchemaObjCode(it);
            return;
          }
        }
        validateFunction(it, () => (0, boolSchema_1.topBoolOrEmptySchema)(it));
      }
      exports2.validateFunctionCode = validateFunctionCode;
      function validateFunction({ gen, validateName, schema, schemaEnv, opts }, body) {
        if (opts.code.es5) {
          gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${names_1.default.valCxt}`, schemaEnv.$async, () => {
            gen.code((0, codegen_1._)`"use strict"; ${funcSourceUrl(schema, opts)}`);
            destructureValCxtES5(gen, opts);
            gen.code(body);
          });
        } else {
          gen.func(validateName, (0, codegen_1._)`${names_1.default.data}, ${destructureValCxt(opts)}`, schemaEnv.$async, () => gen.code(funcSourceUrl(schema, opts)).code(body));
        }
      }
      function destructureValCxt(opts) {
        return (0, codegen_1._)`{${names_1.default.instancePath}="", ${names_1.default.parentData}, ${names_1.default.parentDataProperty}, ${names_1.default.rootData}=${names_1.default.data}${opts.dynamicRef ? (0, codegen_1._)`, ${names_1.default.dynamicAnchors}={}` : codegen_1.nil}}={}`;
      }
      function destructureValCxtES5(gen, opts) {
        gen.if(names_1.default.valCxt, () => {
          gen.var(names_1.default.instancePath, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.instancePath}`);
          gen.var(names_1.default.parentData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentData}`);
          gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.parentDataProperty}`);
          gen.var(names_1.default.rootData, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.rootData}`);
          if (opts.dynamicRef)
            gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`${names_1.default.valCxt}.${names_1.default.dynamicAnchors}`);
        }, () => {
          gen.var(names_1.default.instancePath, (0, codegen_1._)`""`);
          gen.var(names_1.default.parentData, (0, codegen_1._)`undefined`);
          gen.var(names_1.default.parentDataProperty, (0, codegen_1._)`undefined`);
          gen.var(names_1.default.rootData, names_1.default.data);
          if (opts.dynamicRef)
            gen.var(names_1.default.dynamicAnchors, (0, codegen_1._)`{}`);
        });
      }
      function topSchemaObjCode(it) {
        const { schema, opts, gen } = it;
        validateFunction(it, () => {
          if (opts.$comment && schema.$comment)
            commentKeyword(it);
          checkNoDefault(it);
          gen.let(names_1.default.vErrors, null);
          gen.let(names_1.default.errors, 0);
          if (opts.unevaluated)
            resetEvaluated(it);
          typeAndKeywords(it);
          returnResults(it);
        });
        return;
      }
      function resetEvaluated(it) {
        const { gen, validateName } = it;
        it.evaluated = gen.const("evaluated", (0, codegen_1._)`${validateName}.evaluated`);
        gen.if((0, codegen_1._)`${it.evaluated}.dynamicProps`, () => gen.assign((0, codegen_1._)`${it.evaluated}.props`, (0, codegen_1._)`undefined`));
        gen.if((0, codegen_1._)`${it.evaluated}.dynamicItems`, () => gen.assign((0, codegen_1._)`${it.evaluated}.items`, (0, codegen_1._)`undefined`));
      }
      function funcSourceUrl(schema, opts) {
        const schId = typeof schema == "object" && schema[opts.schemaId];
        return schId && (opts.code.source || opts.code.process) ? (0, codegen_1._)`/*# sourceURL=${schId} */` : codegen_1.nil;
      }
      function subschemaCode(it, valid) {
        if (isSchemaObj(it)) {
          checkKeywords(it);
          if (schemaCxtHasRules(it)) {
            subSchemaObjCode(it, valid);
            return;
          }
        }
        (0, boolSchema_1.boolOrEmptySchema)(it, valid);
      }
      function schemaCxtHasRules({ schema, self }) {
        if (typeof schema == "boolean")
          return !schema;
        for (const key in schema)
          if (self.RULES.all[key])
            return true;
        return false;
      }
      function isSchemaObj(it) {
        return typeof it.schema != "boolean";
      }
      function subSchemaObjCode(it, valid) {
        const { schema, gen, opts } = it;
        if (opts.$comment && schema.$comment)
          commentKeyword(it);
        updateContext(it);
        checkAsyncSchema(it);
        const errsCount = gen.const("_errs", names_1.default.errors);
        typeAndKeywords(it, errsCount);
        gen.var(valid, (0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
      }
      function checkKeywords(it) {
        (0, util_1.checkUnknownRules)(it);
        checkRefsAndKeywords(it);
      }
      function typeAndKeywords(it, errsCount) {
        if (it.opts.jtd)
          return schemaKeywords(it, [], false, errsCount);
        const types2 = (0, dataType_1.getSchemaTypes)(it.schema);
        const checkedTypes = (0, dataType_1.coerceAndCheckDataType)(it, types2);
        schemaKeywords(it, types2, !checkedTypes, errsCount);
      }
      function checkRefsAndKeywords(it) {
        const { schema, errSchemaPath, opts, self } = it;
        if (schema.$ref && opts.ignoreKeywordsWithRef && (0, util_1.schemaHasRulesButRef)(schema, self.RULES)) {
          self.logger.warn(`$ref: keywords ignored in schema at path "${errSchemaPath}"`);
        }
      }
      function checkNoDefault(it) {
        const { schema, opts } = it;
        if (schema.default !== void 0 && opts.useDefaults && opts.strictSchema) {
          (0, util_1.checkStrictMode)(it, "default is ignored in the schema root");
        }
      }
      function updateContext(it) {
        const schId = it.schema[it.opts.schemaId];
        if (schId)
          it.baseId = (0, resolve_1.resolveUrl)(it.opts.uriResolver, it.baseId, schId);
      }
      function checkAsyncSchema(it) {
        if (it.schema.$async && !it.schemaEnv.$async)
          throw new Error("async schema in sync schema");
      }
      function commentKeyword({ gen, schemaEnv, schema, errSchemaPath, opts }) {
        const msg = schema.$comment;
        if (opts.$comment === true) {
          gen.code((0, codegen_1._)`${names_1.default.self}.logger.log(${msg})`);
        } else if (typeof opts.$comment == "function") {
          const schemaPath = (0, codegen_1.str)`${errSchemaPath}/$comment`;
          const rootName = gen.scopeValue("root", { ref: schemaEnv.root });
          gen.code((0, codegen_1._)`${names_1.default.self}.opts.$comment(${msg}, ${schemaPath}, ${rootName}.schema)`);
        }
      }
      function returnResults(it) {
        const { gen, schemaEnv, validateName, ValidationError, opts } = it;
        if (schemaEnv.$async) {
          gen.if((0, codegen_1._)`${names_1.default.errors} === 0`, () => gen.return(names_1.default.data), () => gen.throw((0, codegen_1._)`new ${ValidationError}(${names_1.default.vErrors})`));
        } else {
          gen.assign((0, codegen_1._)`${validateName}.errors`, names_1.default.vErrors);
          if (opts.unevaluated)
            assignEvaluated(it);
          gen.return((0, codegen_1._)`${names_1.default.errors} === 0`);
        }
      }
      function assignEvaluated({ gen, evaluated, props, items }) {
        if (props instanceof codegen_1.Name)
          gen.assign((0, codegen_1._)`${evaluated}.props`, props);
        if (items instanceof codegen_1.Name)
          gen.assign((0, codegen_1._)`${evaluated}.items`, items);
      }
      function schemaKeywords(it, types2, typeErrors, errsCount) {
        const { gen, schema, data, allErrors, opts, self } = it;
        const { RULES } = self;
        if (schema.$ref && (opts.ignoreKeywordsWithRef || !(0, util_1.schemaHasRulesButRef)(schema, RULES))) {
          gen.block(() => keywordCode(it, "$ref", RULES.all.$ref.definition));
          return;
        }
        if (!opts.jtd)
          checkStrictTypes(it, types2);
        gen.block(() => {
          for (const group of RULES.rules)
            groupKeywords(group);
          groupKeywords(RULES.post);
        });
        function groupKeywords(group) {
          if (!(0, applicability_1.shouldUseGroup)(schema, group))
            return;
          if (group.type) {
            gen.if((0, dataType_2.checkDataType)(group.type, data, opts.strictNumbers));
            iterateKeywords(it, group);
            if (types2.length === 1 && types2[0] === group.type && typeErrors) {
              gen.else();
              (0, dataType_2.reportTypeError)(it);
            }
            gen.endIf();
          } else {
            iterateKeywords(it, group);
          }
          if (!allErrors)
            gen.if((0, codegen_1._)`${names_1.default.errors} === ${errsCount || 0}`);
        }
      }
      function iterateKeywords(it, group) {
        const { gen, schema, opts: { useDefaults } } = it;
        if (useDefaults)
          (0, defaults_1.assignDefaults)(it, group.type);
        gen.block(() => {
          for (const rule of group.rules) {
            if ((0, applicability_1.shouldUseRule)(schema, rule)) {
              keywordCode(it, rule.keyword, rule.definition, group.type);
            }
          }
        });
      }
      function checkStrictTypes(it, types2) {
        if (it.schemaEnv.meta || !it.opts.strictTypes)
          return;
        checkContextTypes(it, types2);
        if (!it.opts.allowUnionTypes)
          checkMultipleTypes(it, types2);
        checkKeywordTypes(it, it.dataTypes);
      }
      function checkContextTypes(it, types2) {
        if (!types2.length)
          return;
        if (!it.dataTypes.length) {
          it.dataTypes = types2;
          return;
        }
        types2.forEach((t) => {
          if (!includesType(it.dataTypes, t)) {
            strictTypesError(it, `type "${t}" not allowed by context "${it.dataTypes.join(",")}"`);
          }
        });
        narrowSchemaTypes(it, types2);
      }
      function checkMultipleTypes(it, ts) {
        if (ts.length > 1 && !(ts.length === 2 && ts.includes("null"))) {
          strictTypesError(it, "use allowUnionTypes to allow union type keyword");
        }
      }
      function checkKeywordTypes(it, ts) {
        const rules = it.self.RULES.all;
        for (const keyword in rules) {
          const rule = rules[keyword];
          if (typeof rule == "object" && (0, applicability_1.shouldUseRule)(it.schema, rule)) {
            const { type } = rule.definition;
            if (type.length && !type.some((t) => hasApplicableType(ts, t))) {
              strictTypesError(it, `missing type "${type.join(",")}" for keyword "${keyword}"`);
            }
          }
        }
      }
      function hasApplicableType(schTs, kwdT) {
        return schTs.includes(kwdT) || kwdT === "number" && schTs.includes("integer");
      }
      function includesType(ts, t) {
        return ts.includes(t) || t === "integer" && ts.includes("number");
      }
      function narrowSchemaTypes(it, withTypes) {
        const ts = [];
        for (const t of it.dataTypes) {
          if (includesType(withTypes, t))
            ts.push(t);
          else if (withTypes.includes("integer") && t === "number")
            ts.push("integer");
        }
        it.dataTypes = ts;
      }
      function strictTypesError(it, msg) {
        const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
        msg += ` at "${schemaPath}" (strictTypes)`;
        (0, util_1.checkStrictMode)(it, msg, it.opts.strictTypes);
      }
      class KeywordCxt {
        constructor(it, def, keyword) {
          (0, keyword_1.validateKeywordUsage)(it, def, keyword);
          this.gen = it.gen;
          this.allErrors = it.allErrors;
          this.keyword = keyword;
          this.data = it.data;
          this.schema = it.schema[keyword];
          this.$data = def.$data && it.opts.$data && this.schema && this.schema.$data;
          this.schemaValue = (0, util_1.schemaRefOrVal)(it, this.schema, keyword, this.$data);
          this.schemaType = def.schemaType;
          this.parentSchema = it.schema;
          this.params = {};
          this.it = it;
          this.def = def;
          if (this.$data) {
            this.schemaCode = it.gen.const("vSchema", getData(this.$data, it));
          } else {
            this.schemaCode = this.schemaValue;
            if (!(0, keyword_1.validSchemaType)(this.schema, def.schemaType, def.allowUndefined)) {
              throw new Error(`${keyword} value must be ${JSON.stringify(def.schemaType)}`);
            }
          }
          if ("code" in def ? def.trackErrors : def.errors !== false) {
            this.errsCount = it.gen.const("_errs", names_1.default.errors);
          }
        }
        result(condition, successAction, failAction) {
          this.failResult((0, codegen_1.not)(condition), successAction, failAction);
        }
        failResult(condition, successAction, failAction) {
          this.gen.if(condition);
          if (failAction)
            failAction();
          else
            this.error();
          if (successAction) {
            this.gen.else();
            successAction();
            if (this.allErrors)
              this.gen.endIf();
          } else {
            if (this.allErrors)
              this.gen.endIf();
            else
              this.gen.else();
          }
        }
        pass(condition, failAction) {
          this.failResult((0, codegen_1.not)(condition), void 0, failAction);
        }
        fail(condition) {
          if (condition === void 0) {
            this.error();
            if (!this.allErrors)
              this.gen.if(false);
            return;
          }
          this.gen.if(condition);
          this.error();
          if (this.allErrors)
            this.gen.endIf();
          else
            this.gen.else();
        }
        fail$data(condition) {
          if (!this.$data)
            return this.fail(condition);
          const { schemaCode } = this;
          this.fail((0, codegen_1._)`${schemaCode} !== undefined && (${(0, codegen_1.or)(this.invalid$data(), condition)})`);
        }
        error(append, errorParams, errorPaths) {
          if (errorParams) {
            this.setParams(errorParams);
            this._error(append, errorPaths);
            this.setParams({});
            return;
          }
          this._error(append, errorPaths);
        }
        _error(append, errorPaths) {
          ;
          (append ? errors_1.reportExtraError : errors_1.reportError)(this, this.def.error, errorPaths);
        }
        $dataError() {
          (0, errors_1.reportError)(this, this.def.$dataError || errors_1.keyword$DataError);
        }
        reset() {
          if (this.errsCount === void 0)
            throw new Error('add "trackErrors" to keyword definition');
          (0, errors_1.resetErrorsCount)(this.gen, this.errsCount);
        }
        ok(cond) {
          if (!this.allErrors)
            this.gen.if(cond);
        }
        setParams(obj, assign) {
          if (assign)
            Object.assign(this.params, obj);
          else
            this.params = obj;
        }
        block$data(valid, codeBlock, $dataValid = codegen_1.nil) {
          this.gen.block(() => {
            this.check$data(valid, $dataValid);
            codeBlock();
          });
        }
        check$data(valid = codegen_1.nil, $dataValid = codegen_1.nil) {
          if (!this.$data)
            return;
          const { gen, schemaCode, schemaType, def } = this;
          gen.if((0, codegen_1.or)((0, codegen_1._)`${schemaCode} === undefined`, $dataValid));
          if (valid !== codegen_1.nil)
            gen.assign(valid, true);
          if (schemaType.length || def.validateSchema) {
            gen.elseIf(this.invalid$data());
            this.$dataError();
            if (valid !== codegen_1.nil)
              gen.assign(valid, false);
          }
          gen.else();
        }
        invalid$data() {
          const { gen, schemaCode, schemaType, def, it } = this;
          return (0, codegen_1.or)(wrong$DataType(), invalid$DataSchema());
          function wrong$DataType() {
            if (schemaType.length) {
              if (!(schemaCode instanceof codegen_1.Name))
                throw new Error("ajv implementation error");
              const st = Array.isArray(schemaType) ? schemaType : [schemaType];
              return (0, codegen_1._)`${(0, dataType_2.checkDataTypes)(st, schemaCode, it.opts.strictNumbers, dataType_2.DataType.Wrong)}`;
            }
            return codegen_1.nil;
          }
          function invalid$DataSchema() {
            if (def.validateSchema) {
              const validateSchemaRef = gen.scopeValue("validate$data", { ref: def.validateSchema });
              return (0, codegen_1._)`!${validateSchemaRef}(${schemaCode})`;
            }
            return codegen_1.nil;
          }
        }
        subschema(appl, valid) {
          const subschema = (0, subschema_1.getSubschema)(this.it, appl);
          (0, subschema_1.extendSubschemaData)(subschema, this.it, appl);
          (0, subschema_1.extendSubschemaMode)(subschema, appl);
          const nextContext = { ...this.it, ...subschema, items: void 0, props: void 0 };
          subschemaCode(nextContext, valid);
          return nextContext;
        }
        mergeEvaluated(schemaCxt, toName) {
          const { it, gen } = this;
          if (!it.opts.unevaluated)
            return;
          if (it.props !== true && schemaCxt.props !== void 0) {
            it.props = util_1.mergeEvaluated.props(gen, schemaCxt.props, it.props, toName);
          }
          if (it.items !== true && schemaCxt.items !== void 0) {
            it.items = util_1.mergeEvaluated.items(gen, schemaCxt.items, it.items, toName);
          }
        }
        mergeValidEvaluated(schemaCxt, valid) {
          const { it, gen } = this;
          if (it.opts.unevaluated && (it.props !== true || it.items !== true)) {
            gen.if(valid, () => this.mergeEvaluated(schemaCxt, codegen_1.Name));
            return true;
          }
        }
      }
      exports2.KeywordCxt = KeywordCxt;
      function keywordCode(it, keyword, def, ruleType) {
        const cxt = new KeywordCxt(it, def, keyword);
        if ("code" in def) {
          def.code(cxt, ruleType);
        } else if (cxt.$data && def.validate) {
          (0, keyword_1.funcKeywordCode)(cxt, def);
        } else if ("macro" in def) {
          (0, keyword_1.macroKeywordCode)(cxt, def);
        } else if (def.compile || def.validate) {
          (0, keyword_1.funcKeywordCode)(cxt, def);
        }
      }
      const JSON_POINTER = /^\/(?:[^~]|~0|~1)*$/;
      const RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;
      function getData($data, { dataLevel, dataNames, dataPathArr }) {
        let jsonPointer;
        let data;
        if ($data === "")
          return names_1.default.rootData;
        if ($data[0] === "/") {
          if (!JSON_POINTER.test($data))
            throw new Error(`Invalid JSON-pointer: ${$data}`);
          jsonPointer = $data;
          data = names_1.default.rootData;
        } else {
          const matches = RELATIVE_JSON_POINTER.exec($data);
          if (!matches)
            throw new Error(`Invalid JSON-pointer: ${$data}`);
          const up = +matches[1];
          jsonPointer = matches[2];
          if (jsonPointer === "#") {
            if (up >= dataLevel)
              throw new Error(errorMsg("property/index", up));
            return dataPathArr[dataLevel - up];
          }
          if (up > dataLevel)
            throw new Error(errorMsg("data", up));
          data = dataNames[dataLevel - up];
          if (!jsonPointer)
            return data;
        }
        let expr = data;
        const segments = jsonPointer.split("/");
        for (const segment of segments) {
          if (segment) {
            data = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)((0, util_1.unescapeJsonPointer)(segment))}`;
            expr = (0, codegen_1._)`${expr} && ${data}`;
          }
        }
        return expr;
        function errorMsg(pointerType, up) {
          return `Cannot access ${pointerType} ${up} levels up, current level is ${dataLevel}`;
        }
      }
      exports2.getData = getData;
    })
  ),
  /***/
  5202: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.validateKeywordUsage = exports2.validSchemaType = exports2.funcKeywordCode = exports2.macroKeywordCode = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const code_1 = __nccwpck_require__2(8484);
      const errors_1 = __nccwpck_require__2(1283);
      function macroKeywordCode(cxt, def) {
        const { gen, keyword, schema, parentSchema, it } = cxt;
        const macroSchema = def.macro.call(it.self, schema, parentSchema, it);
        const schemaRef = useKeyword(gen, keyword, macroSchema);
        if (it.opts.validateSchema !== false)
          it.self.validateSchema(macroSchema, true);
        const valid = gen.name("valid");
        cxt.subschema({
          schema: macroSchema,
          schemaPath: codegen_1.nil,
          errSchemaPath: `${it.errSchemaPath}/${keyword}`,
          topSchemaRef: schemaRef,
          compositeRule: true
        }, valid);
        cxt.pass(valid, () => cxt.error(true));
      }
      exports2.macroKeywordCode = macroKeywordCode;
      function funcKeywordCode(cxt, def) {
        var _a2;
        const { gen, keyword, schema, parentSchema, $data, it } = cxt;
        checkAsyncKeyword(it, def);
        const validate = !$data && def.compile ? def.compile.call(it.self, schema, parentSchema, it) : def.validate;
        const validateRef = useKeyword(gen, keyword, validate);
        const valid = gen.let("valid");
        cxt.block$data(valid, validateKeyword);
        cxt.ok((_a2 = def.valid) !== null && _a2 !== void 0 ? _a2 : valid);
        function validateKeyword() {
          if (def.errors === false) {
            assignValid();
            if (def.modifying)
              modifyData(cxt);
            reportErrs(() => cxt.error());
          } else {
            const ruleErrs = def.async ? validateAsync() : validateSync();
            if (def.modifying)
              modifyData(cxt);
            reportErrs(() => addErrs(cxt, ruleErrs));
          }
        }
        function validateAsync() {
          const ruleErrs = gen.let("ruleErrs", null);
          gen.try(() => assignValid((0, codegen_1._)`await `), (e) => gen.assign(valid, false).if((0, codegen_1._)`${e} instanceof ${it.ValidationError}`, () => gen.assign(ruleErrs, (0, codegen_1._)`${e}.errors`), () => gen.throw(e)));
          return ruleErrs;
        }
        function validateSync() {
          const validateErrs = (0, codegen_1._)`${validateRef}.errors`;
          gen.assign(validateErrs, null);
          assignValid(codegen_1.nil);
          return validateErrs;
        }
        function assignValid(_await = def.async ? (0, codegen_1._)`await ` : codegen_1.nil) {
          const passCxt = it.opts.passContext ? names_1.default.this : names_1.default.self;
          const passSchema = !("compile" in def && !$data || def.schema === false);
          gen.assign(valid, (0, codegen_1._)`${_await}${(0, code_1.callValidateCode)(cxt, validateRef, passCxt, passSchema)}`, def.modifying);
        }
        function reportErrs(errors) {
          var _a3;
          gen.if((0, codegen_1.not)((_a3 = def.valid) !== null && _a3 !== void 0 ? _a3 : valid), errors);
        }
      }
      exports2.funcKeywordCode = funcKeywordCode;
      function modifyData(cxt) {
        const { gen, data, it } = cxt;
        gen.if(it.parentData, () => gen.assign(data, (0, codegen_1._)`${it.parentData}[${it.parentDataProperty}]`));
      }
      function addErrs(cxt, errs) {
        const { gen } = cxt;
        gen.if((0, codegen_1._)`Array.isArray(${errs})`, () => {
          gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`).assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
          (0, errors_1.extendErrors)(cxt);
        }, () => cxt.error());
      }
      function checkAsyncKeyword({ schemaEnv }, def) {
        if (def.async && !schemaEnv.$async)
          throw new Error("async keyword in sync schema");
      }
      function useKeyword(gen, keyword, result) {
        if (result === void 0)
          throw new Error(`keyword "${keyword}" failed to compile`);
        return gen.scopeValue("keyword", typeof result == "function" ? { ref: result } : { ref: result, code: (0, codegen_1.stringify)(result) });
      }
      function validSchemaType(schema, schemaType, allowUndefined = false) {
        return !schemaType.length || schemaType.some((st) => st === "array" ? Array.isArray(schema) : st === "object" ? schema && typeof schema == "object" && !Array.isArray(schema) : typeof schema == st || allowUndefined && typeof schema == "undefined");
      }
      exports2.validSchemaType = validSchemaType;
      function validateKeywordUsage({ schema, opts, self, errSchemaPath }, def, keyword) {
        if (Array.isArray(def.keyword) ? !def.keyword.includes(keyword) : def.keyword !== keyword) {
          throw new Error("ajv implementation error");
        }
        const deps = def.dependencies;
        if (deps === null || deps === void 0 ? void 0 : deps.some((kwd) => !Object.prototype.hasOwnProperty.call(schema, kwd))) {
          throw new Error(`parent schema must have dependencies of ${keyword}: ${deps.join(",")}`);
        }
        if (def.validateSchema) {
          const valid = def.validateSchema(schema[keyword]);
          if (!valid) {
            const msg = `keyword "${keyword}" value is invalid at path "${errSchemaPath}": ` + self.errorsText(def.validateSchema.errors);
            if (opts.validateSchema === "log")
              self.logger.error(msg);
            else
              throw new Error(msg);
          }
        }
      }
      exports2.validateKeywordUsage = validateKeywordUsage;
    })
  ),
  /***/
  6200: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.extendSubschemaMode = exports2.extendSubschemaData = exports2.getSubschema = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      function getSubschema(it, { keyword, schemaProp, schema, schemaPath, errSchemaPath, topSchemaRef }) {
        if (keyword !== void 0 && schema !== void 0) {
          throw new Error('both "keyword" and "schema" passed, only one allowed');
        }
        if (keyword !== void 0) {
          const sch = it.schema[keyword];
          return schemaProp === void 0 ? {
            schema: sch,
            schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}`,
            errSchemaPath: `${it.errSchemaPath}/${keyword}`
          } : {
            schema: sch[schemaProp],
            schemaPath: (0, codegen_1._)`${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}${(0, codegen_1.getProperty)(schemaProp)}`,
            errSchemaPath: `${it.errSchemaPath}/${keyword}/${(0, util_1.escapeFragment)(schemaProp)}`
          };
        }
        if (schema !== void 0) {
          if (schemaPath === void 0 || errSchemaPath === void 0 || topSchemaRef === void 0) {
            throw new Error('"schemaPath", "errSchemaPath" and "topSchemaRef" are required with "schema"');
          }
          return {
            schema,
            schemaPath,
            topSchemaRef,
            errSchemaPath
          };
        }
        throw new Error('either "keyword" or "schema" must be passed');
      }
      exports2.getSubschema = getSubschema;
      function extendSubschemaData(subschema, it, { dataProp, dataPropType: dpType, data, dataTypes, propertyName }) {
        if (data !== void 0 && dataProp !== void 0) {
          throw new Error('both "data" and "dataProp" passed, only one allowed');
        }
        const { gen } = it;
        if (dataProp !== void 0) {
          const { errorPath, dataPathArr, opts } = it;
          const nextData = gen.let("data", (0, codegen_1._)`${it.data}${(0, codegen_1.getProperty)(dataProp)}`, true);
          dataContextProps(nextData);
          subschema.errorPath = (0, codegen_1.str)`${errorPath}${(0, util_1.getErrorPath)(dataProp, dpType, opts.jsPropertySyntax)}`;
          subschema.parentDataProperty = (0, codegen_1._)`${dataProp}`;
          subschema.dataPathArr = [...dataPathArr, subschema.parentDataProperty];
        }
        if (data !== void 0) {
          const nextData = data instanceof codegen_1.Name ? data : gen.let("data", data, true);
          dataContextProps(nextData);
          if (propertyName !== void 0)
            subschema.propertyName = propertyName;
        }
        if (dataTypes)
          subschema.dataTypes = dataTypes;
        function dataContextProps(_nextData) {
          subschema.data = _nextData;
          subschema.dataLevel = it.dataLevel + 1;
          subschema.dataTypes = [];
          it.definedProperties = /* @__PURE__ */ new Set();
          subschema.parentData = it.data;
          subschema.dataNames = [...it.dataNames, _nextData];
        }
      }
      exports2.extendSubschemaData = extendSubschemaData;
      function extendSubschemaMode(subschema, { jtdDiscriminator, jtdMetadata, compositeRule, createErrors, allErrors }) {
        if (compositeRule !== void 0)
          subschema.compositeRule = compositeRule;
        if (createErrors !== void 0)
          subschema.createErrors = createErrors;
        if (allErrors !== void 0)
          subschema.allErrors = allErrors;
        subschema.jtdDiscriminator = jtdDiscriminator;
        subschema.jtdMetadata = jtdMetadata;
      }
      exports2.extendSubschemaMode = extendSubschemaMode;
    })
  ),
  /***/
  3893: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.CodeGen = exports2.Name = exports2.nil = exports2.stringify = exports2.str = exports2._ = exports2.KeywordCxt = void 0;
      var validate_1 = __nccwpck_require__2(7881);
      Object.defineProperty(exports2, "KeywordCxt", { enumerable: true, get: function() {
        return validate_1.KeywordCxt;
      } });
      var codegen_1 = __nccwpck_require__2(1436);
      Object.defineProperty(exports2, "_", { enumerable: true, get: function() {
        return codegen_1._;
      } });
      Object.defineProperty(exports2, "str", { enumerable: true, get: function() {
        return codegen_1.str;
      } });
      Object.defineProperty(exports2, "stringify", { enumerable: true, get: function() {
        return codegen_1.stringify;
      } });
      Object.defineProperty(exports2, "nil", { enumerable: true, get: function() {
        return codegen_1.nil;
      } });
      Object.defineProperty(exports2, "Name", { enumerable: true, get: function() {
        return codegen_1.Name;
      } });
      Object.defineProperty(exports2, "CodeGen", { enumerable: true, get: function() {
        return codegen_1.CodeGen;
      } });
      const validation_error_1 = __nccwpck_require__2(3021);
      const ref_error_1 = __nccwpck_require__2(3162);
      const rules_1 = __nccwpck_require__2(7353);
      const compile_1 = __nccwpck_require__2(2718);
      const codegen_2 = __nccwpck_require__2(1436);
      const resolve_1 = __nccwpck_require__2(4090);
      const dataType_1 = __nccwpck_require__2(6685);
      const util_1 = __nccwpck_require__2(4464);
      const $dataRefSchema = __nccwpck_require__2(3837);
      const uri_1 = __nccwpck_require__2(6285);
      const defaultRegExp = (str, flags) => new RegExp(str, flags);
      defaultRegExp.code = "new RegExp";
      const META_IGNORE_OPTIONS = ["removeAdditional", "useDefaults", "coerceTypes"];
      const EXT_SCOPE_NAMES = /* @__PURE__ */ new Set([
        "validate",
        "serialize",
        "parse",
        "wrapper",
        "root",
        "schema",
        "keyword",
        "pattern",
        "formats",
        "validate$data",
        "func",
        "obj",
        "Error"
      ]);
      const removedOptions = {
        errorDataPath: "",
        format: "`validateFormats: false` can be used instead.",
        nullable: '"nullable" keyword is supported by default.',
        jsonPointers: "Deprecated jsPropertySyntax can be used instead.",
        extendRefs: "Deprecated ignoreKeywordsWithRef can be used instead.",
        missingRefs: "Pass empty schema with $id that should be ignored to ajv.addSchema.",
        processCode: "Use option `code: {process: (code, schemaEnv: object) => string}`",
        sourceCode: "Use option `code: {source: true}`",
        strictDefaults: "It is default now, see option `strict`.",
        strictKeywords: "It is default now, see option `strict`.",
        uniqueItems: '"uniqueItems" keyword is always validated.',
        unknownFormats: "Disable strict mode or pass `true` to `ajv.addFormat` (or `formats` option).",
        cache: "Map is used as cache, schema object as key.",
        serialize: "Map is used as cache, schema object as key.",
        ajvErrors: "It is default now."
      };
      const deprecatedOptions = {
        ignoreKeywordsWithRef: "",
        jsPropertySyntax: "",
        unicode: '"minLength"/"maxLength" account for unicode characters by default.'
      };
      const MAX_EXPRESSION = 200;
      function requiredOptions(o) {
        var _a2, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _0;
        const s = o.strict;
        const _optz = (_a2 = o.code) === null || _a2 === void 0 ? void 0 : _a2.optimize;
        const optimize = _optz === true || _optz === void 0 ? 1 : _optz || 0;
        const regExp = (_c = (_b = o.code) === null || _b === void 0 ? void 0 : _b.regExp) !== null && _c !== void 0 ? _c : defaultRegExp;
        const uriResolver = (_d = o.uriResolver) !== null && _d !== void 0 ? _d : uri_1.default;
        return {
          strictSchema: (_f = (_e = o.strictSchema) !== null && _e !== void 0 ? _e : s) !== null && _f !== void 0 ? _f : true,
          strictNumbers: (_h = (_g = o.strictNumbers) !== null && _g !== void 0 ? _g : s) !== null && _h !== void 0 ? _h : true,
          strictTypes: (_k = (_j = o.strictTypes) !== null && _j !== void 0 ? _j : s) !== null && _k !== void 0 ? _k : "log",
          strictTuples: (_m = (_l = o.strictTuples) !== null && _l !== void 0 ? _l : s) !== null && _m !== void 0 ? _m : "log",
          strictRequired: (_p = (_o = o.strictRequired) !== null && _o !== void 0 ? _o : s) !== null && _p !== void 0 ? _p : false,
          code: o.code ? { ...o.code, optimize, regExp } : { optimize, regExp },
          loopRequired: (_q = o.loopRequired) !== null && _q !== void 0 ? _q : MAX_EXPRESSION,
          loopEnum: (_r = o.loopEnum) !== null && _r !== void 0 ? _r : MAX_EXPRESSION,
          meta: (_s = o.meta) !== null && _s !== void 0 ? _s : true,
          messages: (_t = o.messages) !== null && _t !== void 0 ? _t : true,
          inlineRefs: (_u = o.inlineRefs) !== null && _u !== void 0 ? _u : true,
          schemaId: (_v = o.schemaId) !== null && _v !== void 0 ? _v : "$id",
          addUsedSchema: (_w = o.addUsedSchema) !== null && _w !== void 0 ? _w : true,
          validateSchema: (_x = o.validateSchema) !== null && _x !== void 0 ? _x : true,
          validateFormats: (_y = o.validateFormats) !== null && _y !== void 0 ? _y : true,
          unicodeRegExp: (_z = o.unicodeRegExp) !== null && _z !== void 0 ? _z : true,
          int32range: (_0 = o.int32range) !== null && _0 !== void 0 ? _0 : true,
          uriResolver
        };
      }
      class Ajv {
        constructor(opts = {}) {
          this.schemas = {};
          this.refs = {};
          this.formats = /* @__PURE__ */ Object.create(null);
          this._compilations = /* @__PURE__ */ new Set();
          this._loading = {};
          this._cache = /* @__PURE__ */ new Map();
          opts = this.opts = { ...opts, ...requiredOptions(opts) };
          const { es5, lines } = this.opts.code;
          this.scope = new codegen_2.ValueScope({ scope: {}, prefixes: EXT_SCOPE_NAMES, es5, lines });
          this.logger = getLogger(opts.logger);
          const formatOpt = opts.validateFormats;
          opts.validateFormats = false;
          this.RULES = (0, rules_1.getRules)();
          checkOptions.call(this, removedOptions, opts, "NOT SUPPORTED");
          checkOptions.call(this, deprecatedOptions, opts, "DEPRECATED", "warn");
          this._metaOpts = getMetaSchemaOptions.call(this);
          if (opts.formats)
            addInitialFormats.call(this);
          this._addVocabularies();
          this._addDefaultMetaSchema();
          if (opts.keywords)
            addInitialKeywords.call(this, opts.keywords);
          if (typeof opts.meta == "object")
            this.addMetaSchema(opts.meta);
          addInitialSchemas.call(this);
          opts.validateFormats = formatOpt;
        }
        _addVocabularies() {
          this.addKeyword("$async");
        }
        _addDefaultMetaSchema() {
          const { $data, meta, schemaId } = this.opts;
          let _dataRefSchema = $dataRefSchema;
          if (schemaId === "id") {
            _dataRefSchema = { ...$dataRefSchema };
            _dataRefSchema.id = _dataRefSchema.$id;
            delete _dataRefSchema.$id;
          }
          if (meta && $data)
            this.addMetaSchema(_dataRefSchema, _dataRefSchema[schemaId], false);
        }
        defaultMeta() {
          const { meta, schemaId } = this.opts;
          return this.opts.defaultMeta = typeof meta == "object" ? meta[schemaId] || meta : void 0;
        }
        validate(schemaKeyRef, data) {
          let v;
          if (typeof schemaKeyRef == "string") {
            v = this.getSchema(schemaKeyRef);
            if (!v)
              throw new Error(`no schema with key or ref "${schemaKeyRef}"`);
          } else {
            v = this.compile(schemaKeyRef);
          }
          const valid = v(data);
          if (!("$async" in v))
            this.errors = v.errors;
          return valid;
        }
        compile(schema, _meta) {
          const sch = this._addSchema(schema, _meta);
          return sch.validate || this._compileSchemaEnv(sch);
        }
        compileAsync(schema, meta) {
          if (typeof this.opts.loadSchema != "function") {
            throw new Error("options.loadSchema should be a function");
          }
          const { loadSchema } = this.opts;
          return runCompileAsync.call(this, schema, meta);
          async function runCompileAsync(_schema, _meta) {
            await loadMetaSchema.call(this, _schema.$schema);
            const sch = this._addSchema(_schema, _meta);
            return sch.validate || _compileAsync.call(this, sch);
          }
          async function loadMetaSchema($ref) {
            if ($ref && !this.getSchema($ref)) {
              await runCompileAsync.call(this, { $ref }, true);
            }
          }
          async function _compileAsync(sch) {
            try {
              return this._compileSchemaEnv(sch);
            } catch (e) {
              if (!(e instanceof ref_error_1.default))
                throw e;
              checkLoaded.call(this, e);
              await loadMissingSchema.call(this, e.missingSchema);
              return _compileAsync.call(this, sch);
            }
          }
          function checkLoaded({ missingSchema: ref, missingRef }) {
            if (this.refs[ref]) {
              throw new Error(`AnySchema ${ref} is loaded but ${missingRef} cannot be resolved`);
            }
          }
          async function loadMissingSchema(ref) {
            const _schema = await _loadSchema.call(this, ref);
            if (!this.refs[ref])
              await loadMetaSchema.call(this, _schema.$schema);
            if (!this.refs[ref])
              this.addSchema(_schema, ref, meta);
          }
          async function _loadSchema(ref) {
            const p = this._loading[ref];
            if (p)
              return p;
            try {
              return await (this._loading[ref] = loadSchema(ref));
            } finally {
              delete this._loading[ref];
            }
          }
        }
        // Adds schema to the instance
        addSchema(schema, key, _meta, _validateSchema = this.opts.validateSchema) {
          if (Array.isArray(schema)) {
            for (const sch of schema)
              this.addSchema(sch, void 0, _meta, _validateSchema);
            return this;
          }
          let id;
          if (typeof schema === "object") {
            const { schemaId } = this.opts;
            id = schema[schemaId];
            if (id !== void 0 && typeof id != "string") {
              throw new Error(`schema ${schemaId} must be string`);
            }
          }
          key = (0, resolve_1.normalizeId)(key || id);
          this._checkUnique(key);
          this.schemas[key] = this._addSchema(schema, _meta, key, _validateSchema, true);
          return this;
        }
        // Add schema that will be used to validate other schemas
        // options in META_IGNORE_OPTIONS are alway set to false
        addMetaSchema(schema, key, _validateSchema = this.opts.validateSchema) {
          this.addSchema(schema, key, true, _validateSchema);
          return this;
        }
        //  Validate schema against its meta-schema
        validateSchema(schema, throwOrLogError) {
          if (typeof schema == "boolean")
            return true;
          let $schema;
          $schema = schema.$schema;
          if ($schema !== void 0 && typeof $schema != "string") {
            throw new Error("$schema must be a string");
          }
          $schema = $schema || this.opts.defaultMeta || this.defaultMeta();
          if (!$schema) {
            this.logger.warn("meta-schema not available");
            this.errors = null;
            return true;
          }
          const valid = this.validate($schema, schema);
          if (!valid && throwOrLogError) {
            const message = "schema is invalid: " + this.errorsText();
            if (this.opts.validateSchema === "log")
              this.logger.error(message);
            else
              throw new Error(message);
          }
          return valid;
        }
        // Get compiled schema by `key` or `ref`.
        // (`key` that was passed to `addSchema` or full schema reference - `schema.$id` or resolved id)
        getSchema(keyRef) {
          let sch;
          while (typeof (sch = getSchEnv.call(this, keyRef)) == "string")
            keyRef = sch;
          if (sch === void 0) {
            const { schemaId } = this.opts;
            const root = new compile_1.SchemaEnv({ schema: {}, schemaId });
            sch = compile_1.resolveSchema.call(this, root, keyRef);
            if (!sch)
              return;
            this.refs[keyRef] = sch;
          }
          return sch.validate || this._compileSchemaEnv(sch);
        }
        // Remove cached schema(s).
        // If no parameter is passed all schemas but meta-schemas are removed.
        // If RegExp is passed all schemas with key/id matching pattern but meta-schemas are removed.
        // Even if schema is referenced by other schemas it still can be removed as other schemas have local references.
        removeSchema(schemaKeyRef) {
          if (schemaKeyRef instanceof RegExp) {
            this._removeAllSchemas(this.schemas, schemaKeyRef);
            this._removeAllSchemas(this.refs, schemaKeyRef);
            return this;
          }
          switch (typeof schemaKeyRef) {
            case "undefined":
              this._removeAllSchemas(this.schemas);
              this._removeAllSchemas(this.refs);
              this._cache.clear();
              return this;
            case "string": {
              const sch = getSchEnv.call(this, schemaKeyRef);
              if (typeof sch == "object")
                this._cache.delete(sch.schema);
              delete this.schemas[schemaKeyRef];
              delete this.refs[schemaKeyRef];
              return this;
            }
            case "object": {
              const cacheKey = schemaKeyRef;
              this._cache.delete(cacheKey);
              let id = schemaKeyRef[this.opts.schemaId];
              if (id) {
                id = (0, resolve_1.normalizeId)(id);
                delete this.schemas[id];
                delete this.refs[id];
              }
              return this;
            }
            default:
              throw new Error("ajv.removeSchema: invalid parameter");
          }
        }
        // add "vocabulary" - a collection of keywords
        addVocabulary(definitions) {
          for (const def of definitions)
            this.addKeyword(def);
          return this;
        }
        addKeyword(kwdOrDef, def) {
          let keyword;
          if (typeof kwdOrDef == "string") {
            keyword = kwdOrDef;
            if (typeof def == "object") {
              this.logger.warn("these parameters are deprecated, see docs for addKeyword");
              def.keyword = keyword;
            }
          } else if (typeof kwdOrDef == "object" && def === void 0) {
            def = kwdOrDef;
            keyword = def.keyword;
            if (Array.isArray(keyword) && !keyword.length) {
              throw new Error("addKeywords: keyword must be string or non-empty array");
            }
          } else {
            throw new Error("invalid addKeywords parameters");
          }
          checkKeyword.call(this, keyword, def);
          if (!def) {
            (0, util_1.eachItem)(keyword, (kwd) => addRule.call(this, kwd));
            return this;
          }
          keywordMetaschema.call(this, def);
          const definition = {
            ...def,
            type: (0, dataType_1.getJSONTypes)(def.type),
            schemaType: (0, dataType_1.getJSONTypes)(def.schemaType)
          };
          (0, util_1.eachItem)(keyword, definition.type.length === 0 ? (k) => addRule.call(this, k, definition) : (k) => definition.type.forEach((t) => addRule.call(this, k, definition, t)));
          return this;
        }
        getKeyword(keyword) {
          const rule = this.RULES.all[keyword];
          return typeof rule == "object" ? rule.definition : !!rule;
        }
        // Remove keyword
        removeKeyword(keyword) {
          const { RULES } = this;
          delete RULES.keywords[keyword];
          delete RULES.all[keyword];
          for (const group of RULES.rules) {
            const i = group.rules.findIndex((rule) => rule.keyword === keyword);
            if (i >= 0)
              group.rules.splice(i, 1);
          }
          return this;
        }
        // Add format
        addFormat(name, format) {
          if (typeof format == "string")
            format = new RegExp(format);
          this.formats[name] = format;
          return this;
        }
        errorsText(errors = this.errors, { separator = ", ", dataVar = "data" } = {}) {
          if (!errors || errors.length === 0)
            return "No errors";
          return errors.map((e) => `${dataVar}${e.instancePath} ${e.message}`).reduce((text, msg) => text + separator + msg);
        }
        $dataMetaSchema(metaSchema, keywordsJsonPointers) {
          const rules = this.RULES.all;
          metaSchema = JSON.parse(JSON.stringify(metaSchema));
          for (const jsonPointer of keywordsJsonPointers) {
            const segments = jsonPointer.split("/").slice(1);
            let keywords = metaSchema;
            for (const seg of segments)
              keywords = keywords[seg];
            for (const key in rules) {
              const rule = rules[key];
              if (typeof rule != "object")
                continue;
              const { $data } = rule.definition;
              const schema = keywords[key];
              if ($data && schema)
                keywords[key] = schemaOrData(schema);
            }
          }
          return metaSchema;
        }
        _removeAllSchemas(schemas, regex) {
          for (const keyRef in schemas) {
            const sch = schemas[keyRef];
            if (!regex || regex.test(keyRef)) {
              if (typeof sch == "string") {
                delete schemas[keyRef];
              } else if (sch && !sch.meta) {
                this._cache.delete(sch.schema);
                delete schemas[keyRef];
              }
            }
          }
        }
        _addSchema(schema, meta, baseId, validateSchema = this.opts.validateSchema, addSchema = this.opts.addUsedSchema) {
          let id;
          const { schemaId } = this.opts;
          if (typeof schema == "object") {
            id = schema[schemaId];
          } else {
            if (this.opts.jtd)
              throw new Error("schema must be object");
            else if (typeof schema != "boolean")
              throw new Error("schema must be object or boolean");
          }
          let sch = this._cache.get(schema);
          if (sch !== void 0)
            return sch;
          baseId = (0, resolve_1.normalizeId)(id || baseId);
          const localRefs = resolve_1.getSchemaRefs.call(this, schema, baseId);
          sch = new compile_1.SchemaEnv({ schema, schemaId, meta, baseId, localRefs });
          this._cache.set(sch.schema, sch);
          if (addSchema && !baseId.startsWith("#")) {
            if (baseId)
              this._checkUnique(baseId);
            this.refs[baseId] = sch;
          }
          if (validateSchema)
            this.validateSchema(schema, true);
          return sch;
        }
        _checkUnique(id) {
          if (this.schemas[id] || this.refs[id]) {
            throw new Error(`schema with key or id "${id}" already exists`);
          }
        }
        _compileSchemaEnv(sch) {
          if (sch.meta)
            this._compileMetaSchema(sch);
          else
            compile_1.compileSchema.call(this, sch);
          if (!sch.validate)
            throw new Error("ajv implementation error");
          return sch.validate;
        }
        _compileMetaSchema(sch) {
          const currentOpts = this.opts;
          this.opts = this._metaOpts;
          try {
            compile_1.compileSchema.call(this, sch);
          } finally {
            this.opts = currentOpts;
          }
        }
      }
      Ajv.ValidationError = validation_error_1.default;
      Ajv.MissingRefError = ref_error_1.default;
      exports2["default"] = Ajv;
      function checkOptions(checkOpts, options, msg, log = "error") {
        for (const key in checkOpts) {
          const opt = key;
          if (opt in options)
            this.logger[log](`${msg}: option ${key}. ${checkOpts[opt]}`);
        }
      }
      function getSchEnv(keyRef) {
        keyRef = (0, resolve_1.normalizeId)(keyRef);
        return this.schemas[keyRef] || this.refs[keyRef];
      }
      function addInitialSchemas() {
        const optsSchemas = this.opts.schemas;
        if (!optsSchemas)
          return;
        if (Array.isArray(optsSchemas))
          this.addSchema(optsSchemas);
        else
          for (const key in optsSchemas)
            this.addSchema(optsSchemas[key], key);
      }
      function addInitialFormats() {
        for (const name in this.opts.formats) {
          const format = this.opts.formats[name];
          if (format)
            this.addFormat(name, format);
        }
      }
      function addInitialKeywords(defs) {
        if (Array.isArray(defs)) {
          this.addVocabulary(defs);
          return;
        }
        this.logger.warn("keywords option as map is deprecated, pass array");
        for (const keyword in defs) {
          const def = defs[keyword];
          if (!def.keyword)
            def.keyword = keyword;
          this.addKeyword(def);
        }
      }
      function getMetaSchemaOptions() {
        const metaOpts = { ...this.opts };
        for (const opt of META_IGNORE_OPTIONS)
          delete metaOpts[opt];
        return metaOpts;
      }
      const noLogs = { log() {
      }, warn() {
      }, error() {
      } };
      function getLogger(logger) {
        if (logger === false)
          return noLogs;
        if (logger === void 0)
          return console;
        if (logger.log && logger.warn && logger.error)
          return logger;
        throw new Error("logger must implement log, warn and error methods");
      }
      const KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
      function checkKeyword(keyword, def) {
        const { RULES } = this;
        (0, util_1.eachItem)(keyword, (kwd) => {
          if (RULES.keywords[kwd])
            throw new Error(`Keyword ${kwd} is already defined`);
          if (!KEYWORD_NAME.test(kwd))
            throw new Error(`Keyword ${kwd} has invalid name`);
        });
        if (!def)
          return;
        if (def.$data && !("code" in def || "validate" in def)) {
          throw new Error('$data keyword must have "code" or "validate" function');
        }
      }
      function addRule(keyword, definition, dataType) {
        var _a2;
        const post = definition === null || definition === void 0 ? void 0 : definition.post;
        if (dataType && post)
          throw new Error('keyword with "post" flag cannot have "type"');
        const { RULES } = this;
        let ruleGroup = post ? RULES.post : RULES.rules.find(({ type: t }) => t === dataType);
        if (!ruleGroup) {
          ruleGroup = { type: dataType, rules: [] };
          RULES.rules.push(ruleGroup);
        }
        RULES.keywords[keyword] = true;
        if (!definition)
          return;
        const rule = {
          keyword,
          definition: {
            ...definition,
            type: (0, dataType_1.getJSONTypes)(definition.type),
            schemaType: (0, dataType_1.getJSONTypes)(definition.schemaType)
          }
        };
        if (definition.before)
          addBeforeRule.call(this, ruleGroup, rule, definition.before);
        else
          ruleGroup.rules.push(rule);
        RULES.all[keyword] = rule;
        (_a2 = definition.implements) === null || _a2 === void 0 ? void 0 : _a2.forEach((kwd) => this.addKeyword(kwd));
      }
      function addBeforeRule(ruleGroup, rule, before) {
        const i = ruleGroup.rules.findIndex((_rule) => _rule.keyword === before);
        if (i >= 0) {
          ruleGroup.rules.splice(i, 0, rule);
        } else {
          ruleGroup.rules.push(rule);
          this.logger.warn(`rule ${before} is not defined`);
        }
      }
      function keywordMetaschema(def) {
        let { metaSchema } = def;
        if (metaSchema === void 0)
          return;
        if (def.$data && this.opts.$data)
          metaSchema = schemaOrData(metaSchema);
        def.validateSchema = this.compile(metaSchema, true);
      }
      const $dataRef = {
        $ref: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#"
      };
      function schemaOrData(schema) {
        return { anyOf: [schema, $dataRef] };
      }
    })
  ),
  /***/
  3995: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const metaSchema = __nccwpck_require__2(1678);
      const applicator = __nccwpck_require__2(7216);
      const unevaluated = __nccwpck_require__2(9547);
      const content2 = __nccwpck_require__2(8226);
      const core = __nccwpck_require__2(518);
      const format = __nccwpck_require__2(4588);
      const metadata = __nccwpck_require__2(5707);
      const validation = __nccwpck_require__2(7082);
      const META_SUPPORT_DATA = ["/properties"];
      function addMetaSchema2020($data) {
        ;
        [
          metaSchema,
          applicator,
          unevaluated,
          content2,
          core,
          with$data(this, format),
          metadata,
          with$data(this, validation)
        ].forEach((sch) => this.addMetaSchema(sch, void 0, false));
        return this;
        function with$data(ajv, sch) {
          return $data ? ajv.$dataMetaSchema(sch, META_SUPPORT_DATA) : sch;
        }
      }
      exports2["default"] = addMetaSchema2020;
    })
  ),
  /***/
  4951: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const equal = __nccwpck_require__2(3430);
      equal.code = 'require("ajv/dist/runtime/equal").default';
      exports2["default"] = equal;
    })
  ),
  /***/
  6214: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      function ucs2length(str) {
        const len = str.length;
        let length = 0;
        let pos = 0;
        let value;
        while (pos < len) {
          length++;
          value = str.charCodeAt(pos++);
          if (value >= 55296 && value <= 56319 && pos < len) {
            value = str.charCodeAt(pos);
            if ((value & 64512) === 56320)
              pos++;
          }
        }
        return length;
      }
      exports2["default"] = ucs2length;
      ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
    })
  ),
  /***/
  6285: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const uri = __nccwpck_require__2(4352);
      uri.code = 'require("ajv/dist/runtime/uri").default';
      exports2["default"] = uri;
    })
  ),
  /***/
  3021: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      class ValidationError extends Error {
        constructor(errors) {
          super("validation failed");
          this.errors = errors;
          this.ajv = this.validation = true;
        }
      }
      exports2["default"] = ValidationError;
    })
  ),
  /***/
  3448: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.validateAdditionalItems = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
        params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
      };
      const def = {
        keyword: "additionalItems",
        type: "array",
        schemaType: ["boolean", "object"],
        before: "uniqueItems",
        error,
        code(cxt) {
          const { parentSchema, it } = cxt;
          const { items } = parentSchema;
          if (!Array.isArray(items)) {
            (0, util_1.checkStrictMode)(it, '"additionalItems" is ignored when "items" is not an array of schemas');
            return;
          }
          validateAdditionalItems(cxt, items);
        }
      };
      function validateAdditionalItems(cxt, items) {
        const { gen, schema, data, keyword, it } = cxt;
        it.items = true;
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        if (schema === false) {
          cxt.setParams({ len: items.length });
          cxt.pass((0, codegen_1._)`${len} <= ${items.length}`);
        } else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
          const valid = gen.var("valid", (0, codegen_1._)`${len} <= ${items.length}`);
          gen.if((0, codegen_1.not)(valid), () => validateItems(valid));
          cxt.ok(valid);
        }
        function validateItems(valid) {
          gen.forRange("i", items.length, len, (i) => {
            cxt.subschema({ keyword, dataProp: i, dataPropType: util_1.Type.Num }, valid);
            if (!it.allErrors)
              gen.if((0, codegen_1.not)(valid), () => gen.break());
          });
        }
      }
      exports2.validateAdditionalItems = validateAdditionalItems;
      exports2["default"] = def;
    })
  ),
  /***/
  2431: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const code_1 = __nccwpck_require__2(8484);
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: "must NOT have additional properties",
        params: ({ params }) => (0, codegen_1._)`{additionalProperty: ${params.additionalProperty}}`
      };
      const def = {
        keyword: "additionalProperties",
        type: ["object"],
        schemaType: ["boolean", "object"],
        allowUndefined: true,
        trackErrors: true,
        error,
        code(cxt) {
          const { gen, schema, parentSchema, data, errsCount, it } = cxt;
          if (!errsCount)
            throw new Error("ajv implementation error");
          const { allErrors, opts } = it;
          it.props = true;
          if (opts.removeAdditional !== "all" && (0, util_1.alwaysValidSchema)(it, schema))
            return;
          const props = (0, code_1.allSchemaProperties)(parentSchema.properties);
          const patProps = (0, code_1.allSchemaProperties)(parentSchema.patternProperties);
          checkAdditionalProperties();
          cxt.ok((0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
          function checkAdditionalProperties() {
            gen.forIn("key", data, (key) => {
              if (!props.length && !patProps.length)
                additionalPropertyCode(key);
              else
                gen.if(isAdditional(key), () => additionalPropertyCode(key));
            });
          }
          function isAdditional(key) {
            let definedProp;
            if (props.length > 8) {
              const propsSchema = (0, util_1.schemaRefOrVal)(it, parentSchema.properties, "properties");
              definedProp = (0, code_1.isOwnProperty)(gen, propsSchema, key);
            } else if (props.length) {
              definedProp = (0, codegen_1.or)(...props.map((p) => (0, codegen_1._)`${key} === ${p}`));
            } else {
              definedProp = codegen_1.nil;
            }
            if (patProps.length) {
              definedProp = (0, codegen_1.or)(definedProp, ...patProps.map((p) => (0, codegen_1._)`${(0, code_1.usePattern)(cxt, p)}.test(${key})`));
            }
            return (0, codegen_1.not)(definedProp);
          }
          function deleteAdditional(key) {
            gen.code((0, codegen_1._)`delete ${data}[${key}]`);
          }
          function additionalPropertyCode(key) {
            if (opts.removeAdditional === "all" || opts.removeAdditional && schema === false) {
              deleteAdditional(key);
              return;
            }
            if (schema === false) {
              cxt.setParams({ additionalProperty: key });
              cxt.error();
              if (!allErrors)
                gen.break();
              return;
            }
            if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
              const valid = gen.name("valid");
              if (opts.removeAdditional === "failing") {
                applyAdditionalSchema(key, valid, false);
                gen.if((0, codegen_1.not)(valid), () => {
                  cxt.reset();
                  deleteAdditional(key);
                });
              } else {
                applyAdditionalSchema(key, valid);
                if (!allErrors)
                  gen.if((0, codegen_1.not)(valid), () => gen.break());
              }
            }
          }
          function applyAdditionalSchema(key, valid, errors) {
            const subschema = {
              keyword: "additionalProperties",
              dataProp: key,
              dataPropType: util_1.Type.Str
            };
            if (errors === false) {
              Object.assign(subschema, {
                compositeRule: true,
                createErrors: false,
                allErrors: false
              });
            }
            cxt.subschema(subschema, valid);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  9205: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: "allOf",
        schemaType: "array",
        code(cxt) {
          const { gen, schema, it } = cxt;
          if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
          const valid = gen.name("valid");
          schema.forEach((sch, i) => {
            if ((0, util_1.alwaysValidSchema)(it, sch))
              return;
            const schCxt = cxt.subschema({ keyword: "allOf", schemaProp: i }, valid);
            cxt.ok(valid);
            cxt.mergeEvaluated(schCxt);
          });
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  9380: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const code_1 = __nccwpck_require__2(8484);
      const def = {
        keyword: "anyOf",
        schemaType: "array",
        trackErrors: true,
        code: code_1.validateUnion,
        error: { message: "must match a schema in anyOf" }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6182: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1.str)`must contain at least ${min} valid item(s)` : (0, codegen_1.str)`must contain at least ${min} and no more than ${max} valid item(s)`,
        params: ({ params: { min, max } }) => max === void 0 ? (0, codegen_1._)`{minContains: ${min}}` : (0, codegen_1._)`{minContains: ${min}, maxContains: ${max}}`
      };
      const def = {
        keyword: "contains",
        type: "array",
        schemaType: ["object", "boolean"],
        before: "uniqueItems",
        trackErrors: true,
        error,
        code(cxt) {
          const { gen, schema, parentSchema, data, it } = cxt;
          let min;
          let max;
          const { minContains, maxContains } = parentSchema;
          if (it.opts.next) {
            min = minContains === void 0 ? 1 : minContains;
            max = maxContains;
          } else {
            min = 1;
          }
          const len = gen.const("len", (0, codegen_1._)`${data}.length`);
          cxt.setParams({ min, max });
          if (max === void 0 && min === 0) {
            (0, util_1.checkStrictMode)(it, `"minContains" == 0 without "maxContains": "contains" keyword ignored`);
            return;
          }
          if (max !== void 0 && min > max) {
            (0, util_1.checkStrictMode)(it, `"minContains" > "maxContains" is always invalid`);
            cxt.fail();
            return;
          }
          if ((0, util_1.alwaysValidSchema)(it, schema)) {
            let cond = (0, codegen_1._)`${len} >= ${min}`;
            if (max !== void 0)
              cond = (0, codegen_1._)`${cond} && ${len} <= ${max}`;
            cxt.pass(cond);
            return;
          }
          it.items = true;
          const valid = gen.name("valid");
          if (max === void 0 && min === 1) {
            validateItems(valid, () => gen.if(valid, () => gen.break()));
          } else if (min === 0) {
            gen.let(valid, true);
            if (max !== void 0)
              gen.if((0, codegen_1._)`${data}.length > 0`, validateItemsWithCount);
          } else {
            gen.let(valid, false);
            validateItemsWithCount();
          }
          cxt.result(valid, () => cxt.reset());
          function validateItemsWithCount() {
            const schValid = gen.name("_valid");
            const count = gen.let("count", 0);
            validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
          }
          function validateItems(_valid, block) {
            gen.forRange("i", 0, len, (i) => {
              cxt.subschema({
                keyword: "contains",
                dataProp: i,
                dataPropType: util_1.Type.Num,
                compositeRule: true
              }, _valid);
              block();
            });
          }
          function checkLimits(count) {
            gen.code((0, codegen_1._)`${count}++`);
            if (max === void 0) {
              gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true).break());
            } else {
              gen.if((0, codegen_1._)`${count} > ${max}`, () => gen.assign(valid, false).break());
              if (min === 1)
                gen.assign(valid, true);
              else
                gen.if((0, codegen_1._)`${count} >= ${min}`, () => gen.assign(valid, true));
            }
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  5826: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.validateSchemaDeps = exports2.validatePropertyDeps = exports2.error = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const code_1 = __nccwpck_require__2(8484);
      exports2.error = {
        message: ({ params: { property, depsCount, deps } }) => {
          const property_ies = depsCount === 1 ? "property" : "properties";
          return (0, codegen_1.str)`must have ${property_ies} ${deps} when property ${property} is present`;
        },
        params: ({ params: { property, depsCount, deps, missingProperty } }) => (0, codegen_1._)`{property: ${property},
    missingProperty: ${missingProperty},
    depsCount: ${depsCount},
    deps: ${deps}}`
        // TODO change to reference
      };
      const def = {
        keyword: "dependencies",
        type: "object",
        schemaType: "object",
        error: exports2.error,
        code(cxt) {
          const [propDeps, schDeps] = splitDependencies(cxt);
          validatePropertyDeps(cxt, propDeps);
          validateSchemaDeps(cxt, schDeps);
        }
      };
      function splitDependencies({ schema }) {
        const propertyDeps = {};
        const schemaDeps = {};
        for (const key in schema) {
          if (key === "__proto__")
            continue;
          const deps = Array.isArray(schema[key]) ? propertyDeps : schemaDeps;
          deps[key] = schema[key];
        }
        return [propertyDeps, schemaDeps];
      }
      function validatePropertyDeps(cxt, propertyDeps = cxt.schema) {
        const { gen, data, it } = cxt;
        if (Object.keys(propertyDeps).length === 0)
          return;
        const missing = gen.let("missing");
        for (const prop in propertyDeps) {
          const deps = propertyDeps[prop];
          if (deps.length === 0)
            continue;
          const hasProperty = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
          cxt.setParams({
            property: prop,
            depsCount: deps.length,
            deps: deps.join(", ")
          });
          if (it.allErrors) {
            gen.if(hasProperty, () => {
              for (const depProp of deps) {
                (0, code_1.checkReportMissingProp)(cxt, depProp);
              }
            });
          } else {
            gen.if((0, codegen_1._)`${hasProperty} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
            (0, code_1.reportMissingProp)(cxt, missing);
            gen.else();
          }
        }
      }
      exports2.validatePropertyDeps = validatePropertyDeps;
      function validateSchemaDeps(cxt, schemaDeps = cxt.schema) {
        const { gen, data, keyword, it } = cxt;
        const valid = gen.name("valid");
        for (const prop in schemaDeps) {
          if ((0, util_1.alwaysValidSchema)(it, schemaDeps[prop]))
            continue;
          gen.if(
            (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties),
            () => {
              const schCxt = cxt.subschema({ keyword, schemaProp: prop }, valid);
              cxt.mergeValidEvaluated(schCxt, valid);
            },
            () => gen.var(valid, true)
            // TODO var
          );
          cxt.ok(valid);
        }
      }
      exports2.validateSchemaDeps = validateSchemaDeps;
      exports2["default"] = def;
    })
  ),
  /***/
  3818: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dependencies_1 = __nccwpck_require__2(5826);
      const def = {
        keyword: "dependentSchemas",
        type: "object",
        schemaType: "object",
        code: (cxt) => (0, dependencies_1.validateSchemaDeps)(cxt)
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8584: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params }) => (0, codegen_1.str)`must match "${params.ifClause}" schema`,
        params: ({ params }) => (0, codegen_1._)`{failingKeyword: ${params.ifClause}}`
      };
      const def = {
        keyword: "if",
        schemaType: ["object", "boolean"],
        trackErrors: true,
        error,
        code(cxt) {
          const { gen, parentSchema, it } = cxt;
          if (parentSchema.then === void 0 && parentSchema.else === void 0) {
            (0, util_1.checkStrictMode)(it, '"if" without "then" and "else" is ignored');
          }
          const hasThen = hasSchema(it, "then");
          const hasElse = hasSchema(it, "else");
          if (!hasThen && !hasElse)
            return;
          const valid = gen.let("valid", true);
          const schValid = gen.name("_valid");
          validateIf();
          cxt.reset();
          if (hasThen && hasElse) {
            const ifClause = gen.let("ifClause");
            cxt.setParams({ ifClause });
            gen.if(schValid, validateClause("then", ifClause), validateClause("else", ifClause));
          } else if (hasThen) {
            gen.if(schValid, validateClause("then"));
          } else {
            gen.if((0, codegen_1.not)(schValid), validateClause("else"));
          }
          cxt.pass(valid, () => cxt.error(true));
          function validateIf() {
            const schCxt = cxt.subschema({
              keyword: "if",
              compositeRule: true,
              createErrors: false,
              allErrors: false
            }, schValid);
            cxt.mergeEvaluated(schCxt);
          }
          function validateClause(keyword, ifClause) {
            return () => {
              const schCxt = cxt.subschema({ keyword }, schValid);
              gen.assign(valid, schValid);
              cxt.mergeValidEvaluated(schCxt, valid);
              if (ifClause)
                gen.assign(ifClause, (0, codegen_1._)`${keyword}`);
              else
                cxt.setParams({ ifClause: keyword });
            };
          }
        }
      };
      function hasSchema(it, keyword) {
        const schema = it.schema[keyword];
        return schema !== void 0 && !(0, util_1.alwaysValidSchema)(it, schema);
      }
      exports2["default"] = def;
    })
  ),
  /***/
  8775: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const additionalItems_1 = __nccwpck_require__2(3448);
      const prefixItems_1 = __nccwpck_require__2(6467);
      const items_1 = __nccwpck_require__2(5791);
      const items2020_1 = __nccwpck_require__2(2959);
      const contains_1 = __nccwpck_require__2(6182);
      const dependencies_1 = __nccwpck_require__2(5826);
      const propertyNames_1 = __nccwpck_require__2(1372);
      const additionalProperties_1 = __nccwpck_require__2(2431);
      const properties_1 = __nccwpck_require__2(8778);
      const patternProperties_1 = __nccwpck_require__2(664);
      const not_1 = __nccwpck_require__2(8350);
      const anyOf_1 = __nccwpck_require__2(9380);
      const oneOf_1 = __nccwpck_require__2(2490);
      const allOf_1 = __nccwpck_require__2(9205);
      const if_1 = __nccwpck_require__2(8584);
      const thenElse_1 = __nccwpck_require__2(6829);
      function getApplicator(draft2020 = false) {
        const applicator = [
          // any
          not_1.default,
          anyOf_1.default,
          oneOf_1.default,
          allOf_1.default,
          if_1.default,
          thenElse_1.default,
          // object
          propertyNames_1.default,
          additionalProperties_1.default,
          dependencies_1.default,
          properties_1.default,
          patternProperties_1.default
        ];
        if (draft2020)
          applicator.push(prefixItems_1.default, items2020_1.default);
        else
          applicator.push(additionalItems_1.default, items_1.default);
        applicator.push(contains_1.default);
        return applicator;
      }
      exports2["default"] = getApplicator;
    })
  ),
  /***/
  5791: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.validateTuple = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const code_1 = __nccwpck_require__2(8484);
      const def = {
        keyword: "items",
        type: "array",
        schemaType: ["object", "array", "boolean"],
        before: "uniqueItems",
        code(cxt) {
          const { schema, it } = cxt;
          if (Array.isArray(schema))
            return validateTuple(cxt, "additionalItems", schema);
          it.items = true;
          if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
          cxt.ok((0, code_1.validateArray)(cxt));
        }
      };
      function validateTuple(cxt, extraItems, schArr = cxt.schema) {
        const { gen, parentSchema, data, keyword, it } = cxt;
        checkStrictTuple(parentSchema);
        if (it.opts.unevaluated && schArr.length && it.items !== true) {
          it.items = util_1.mergeEvaluated.items(gen, schArr.length, it.items);
        }
        const valid = gen.name("valid");
        const len = gen.const("len", (0, codegen_1._)`${data}.length`);
        schArr.forEach((sch, i) => {
          if ((0, util_1.alwaysValidSchema)(it, sch))
            return;
          gen.if((0, codegen_1._)`${len} > ${i}`, () => cxt.subschema({
            keyword,
            schemaProp: i,
            dataProp: i
          }, valid));
          cxt.ok(valid);
        });
        function checkStrictTuple(sch) {
          const { opts, errSchemaPath } = it;
          const l = schArr.length;
          const fullTuple = l === sch.minItems && (l === sch.maxItems || sch[extraItems] === false);
          if (opts.strictTuples && !fullTuple) {
            const msg = `"${keyword}" is ${l}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${errSchemaPath}"`;
            (0, util_1.checkStrictMode)(it, msg, opts.strictTuples);
          }
        }
      }
      exports2.validateTuple = validateTuple;
      exports2["default"] = def;
    })
  ),
  /***/
  2959: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const code_1 = __nccwpck_require__2(8484);
      const additionalItems_1 = __nccwpck_require__2(3448);
      const error = {
        message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
        params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
      };
      const def = {
        keyword: "items",
        type: "array",
        schemaType: ["object", "boolean"],
        before: "uniqueItems",
        error,
        code(cxt) {
          const { schema, parentSchema, it } = cxt;
          const { prefixItems } = parentSchema;
          it.items = true;
          if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
          if (prefixItems)
            (0, additionalItems_1.validateAdditionalItems)(cxt, prefixItems);
          else
            cxt.ok((0, code_1.validateArray)(cxt));
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8350: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: "not",
        schemaType: ["object", "boolean"],
        trackErrors: true,
        code(cxt) {
          const { gen, schema, it } = cxt;
          if ((0, util_1.alwaysValidSchema)(it, schema)) {
            cxt.fail();
            return;
          }
          const valid = gen.name("valid");
          cxt.subschema({
            keyword: "not",
            compositeRule: true,
            createErrors: false,
            allErrors: false
          }, valid);
          cxt.failResult(valid, () => cxt.reset(), () => cxt.error());
        },
        error: { message: "must NOT be valid" }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  2490: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: "must match exactly one schema in oneOf",
        params: ({ params }) => (0, codegen_1._)`{passingSchemas: ${params.passing}}`
      };
      const def = {
        keyword: "oneOf",
        schemaType: "array",
        trackErrors: true,
        error,
        code(cxt) {
          const { gen, schema, parentSchema, it } = cxt;
          if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
          if (it.opts.discriminator && parentSchema.discriminator)
            return;
          const schArr = schema;
          const valid = gen.let("valid", false);
          const passing2 = gen.let("passing", null);
          const schValid = gen.name("_valid");
          cxt.setParams({ passing: passing2 });
          gen.block(validateOneOf);
          cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
          function validateOneOf() {
            schArr.forEach((sch, i) => {
              let schCxt;
              if ((0, util_1.alwaysValidSchema)(it, sch)) {
                gen.var(schValid, true);
              } else {
                schCxt = cxt.subschema({
                  keyword: "oneOf",
                  schemaProp: i,
                  compositeRule: true
                }, schValid);
              }
              if (i > 0) {
                gen.if((0, codegen_1._)`${schValid} && ${valid}`).assign(valid, false).assign(passing2, (0, codegen_1._)`[${passing2}, ${i}]`).else();
              }
              gen.if(schValid, () => {
                gen.assign(valid, true);
                gen.assign(passing2, i);
                if (schCxt)
                  cxt.mergeEvaluated(schCxt, codegen_1.Name);
              });
            });
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  664: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const code_1 = __nccwpck_require__2(8484);
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const util_2 = __nccwpck_require__2(4464);
      const def = {
        keyword: "patternProperties",
        type: "object",
        schemaType: "object",
        code(cxt) {
          const { gen, schema, data, parentSchema, it } = cxt;
          const { opts } = it;
          const patterns = (0, code_1.allSchemaProperties)(schema);
          const alwaysValidPatterns = patterns.filter((p) => (0, util_1.alwaysValidSchema)(it, schema[p]));
          if (patterns.length === 0 || alwaysValidPatterns.length === patterns.length && (!it.opts.unevaluated || it.props === true)) {
            return;
          }
          const checkProperties = opts.strictSchema && !opts.allowMatchingProperties && parentSchema.properties;
          const valid = gen.name("valid");
          if (it.props !== true && !(it.props instanceof codegen_1.Name)) {
            it.props = (0, util_2.evaluatedPropsToName)(gen, it.props);
          }
          const { props } = it;
          validatePatternProperties();
          function validatePatternProperties() {
            for (const pat of patterns) {
              if (checkProperties)
                checkMatchingProperties(pat);
              if (it.allErrors) {
                validateProperties(pat);
              } else {
                gen.var(valid, true);
                validateProperties(pat);
                gen.if(valid);
              }
            }
          }
          function checkMatchingProperties(pat) {
            for (const prop in checkProperties) {
              if (new RegExp(pat).test(prop)) {
                (0, util_1.checkStrictMode)(it, `property ${prop} matches pattern ${pat} (use allowMatchingProperties)`);
              }
            }
          }
          function validateProperties(pat) {
            gen.forIn("key", data, (key) => {
              gen.if((0, codegen_1._)`${(0, code_1.usePattern)(cxt, pat)}.test(${key})`, () => {
                const alwaysValid = alwaysValidPatterns.includes(pat);
                if (!alwaysValid) {
                  cxt.subschema({
                    keyword: "patternProperties",
                    schemaProp: pat,
                    dataProp: key,
                    dataPropType: util_2.Type.Str
                  }, valid);
                }
                if (it.opts.unevaluated && props !== true) {
                  gen.assign((0, codegen_1._)`${props}[${key}]`, true);
                } else if (!alwaysValid && !it.allErrors) {
                  gen.if((0, codegen_1.not)(valid), () => gen.break());
                }
              });
            });
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6467: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const items_1 = __nccwpck_require__2(5791);
      const def = {
        keyword: "prefixItems",
        type: "array",
        schemaType: ["array"],
        before: "uniqueItems",
        code: (cxt) => (0, items_1.validateTuple)(cxt, "items")
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8778: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const validate_1 = __nccwpck_require__2(7881);
      const code_1 = __nccwpck_require__2(8484);
      const util_1 = __nccwpck_require__2(4464);
      const additionalProperties_1 = __nccwpck_require__2(2431);
      const def = {
        keyword: "properties",
        type: "object",
        schemaType: "object",
        code(cxt) {
          const { gen, schema, parentSchema, data, it } = cxt;
          if (it.opts.removeAdditional === "all" && parentSchema.additionalProperties === void 0) {
            additionalProperties_1.default.code(new validate_1.KeywordCxt(it, additionalProperties_1.default, "additionalProperties"));
          }
          const allProps = (0, code_1.allSchemaProperties)(schema);
          for (const prop of allProps) {
            it.definedProperties.add(prop);
          }
          if (it.opts.unevaluated && allProps.length && it.props !== true) {
            it.props = util_1.mergeEvaluated.props(gen, (0, util_1.toHash)(allProps), it.props);
          }
          const properties = allProps.filter((p) => !(0, util_1.alwaysValidSchema)(it, schema[p]));
          if (properties.length === 0)
            return;
          const valid = gen.name("valid");
          for (const prop of properties) {
            if (hasDefault(prop)) {
              applyPropertySchema(prop);
            } else {
              gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties));
              applyPropertySchema(prop);
              if (!it.allErrors)
                gen.else().var(valid, true);
              gen.endIf();
            }
            cxt.it.definedProperties.add(prop);
            cxt.ok(valid);
          }
          function hasDefault(prop) {
            return it.opts.useDefaults && !it.compositeRule && schema[prop].default !== void 0;
          }
          function applyPropertySchema(prop) {
            cxt.subschema({
              keyword: "properties",
              schemaProp: prop,
              dataProp: prop
            }, valid);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  1372: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: "property name must be valid",
        params: ({ params }) => (0, codegen_1._)`{propertyName: ${params.propertyName}}`
      };
      const def = {
        keyword: "propertyNames",
        type: "object",
        schemaType: ["object", "boolean"],
        error,
        code(cxt) {
          const { gen, schema, data, it } = cxt;
          if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
          const valid = gen.name("valid");
          gen.forIn("key", data, (key) => {
            cxt.setParams({ propertyName: key });
            cxt.subschema({
              keyword: "propertyNames",
              data: key,
              dataTypes: ["string"],
              propertyName: key,
              compositeRule: true
            }, valid);
            gen.if((0, codegen_1.not)(valid), () => {
              cxt.error(true);
              if (!it.allErrors)
                gen.break();
            });
          });
          cxt.ok(valid);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6829: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: ["then", "else"],
        schemaType: ["object", "boolean"],
        code({ keyword, parentSchema, it }) {
          if (parentSchema.if === void 0)
            (0, util_1.checkStrictMode)(it, `"${keyword}" without "if" is ignored`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8484: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.validateUnion = exports2.validateArray = exports2.usePattern = exports2.callValidateCode = exports2.schemaProperties = exports2.allSchemaProperties = exports2.noPropertyInData = exports2.propertyInData = exports2.isOwnProperty = exports2.hasPropFunc = exports2.reportMissingProp = exports2.checkMissingProp = exports2.checkReportMissingProp = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const names_1 = __nccwpck_require__2(630);
      const util_2 = __nccwpck_require__2(4464);
      function checkReportMissingProp(cxt, prop) {
        const { gen, data, it } = cxt;
        gen.if(noPropertyInData(gen, data, prop, it.opts.ownProperties), () => {
          cxt.setParams({ missingProperty: (0, codegen_1._)`${prop}` }, true);
          cxt.error();
        });
      }
      exports2.checkReportMissingProp = checkReportMissingProp;
      function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
        return (0, codegen_1.or)(...properties.map((prop) => (0, codegen_1.and)(noPropertyInData(gen, data, prop, opts.ownProperties), (0, codegen_1._)`${missing} = ${prop}`)));
      }
      exports2.checkMissingProp = checkMissingProp;
      function reportMissingProp(cxt, missing) {
        cxt.setParams({ missingProperty: missing }, true);
        cxt.error();
      }
      exports2.reportMissingProp = reportMissingProp;
      function hasPropFunc(gen) {
        return gen.scopeValue("func", {
          // eslint-disable-next-line @typescript-eslint/unbound-method
          ref: Object.prototype.hasOwnProperty,
          code: (0, codegen_1._)`Object.prototype.hasOwnProperty`
        });
      }
      exports2.hasPropFunc = hasPropFunc;
      function isOwnProperty(gen, data, property) {
        return (0, codegen_1._)`${hasPropFunc(gen)}.call(${data}, ${property})`;
      }
      exports2.isOwnProperty = isOwnProperty;
      function propertyInData(gen, data, property, ownProperties) {
        const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} !== undefined`;
        return ownProperties ? (0, codegen_1._)`${cond} && ${isOwnProperty(gen, data, property)}` : cond;
      }
      exports2.propertyInData = propertyInData;
      function noPropertyInData(gen, data, property, ownProperties) {
        const cond = (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(property)} === undefined`;
        return ownProperties ? (0, codegen_1.or)(cond, (0, codegen_1.not)(isOwnProperty(gen, data, property))) : cond;
      }
      exports2.noPropertyInData = noPropertyInData;
      function allSchemaProperties(schemaMap) {
        return schemaMap ? Object.keys(schemaMap).filter((p) => p !== "__proto__") : [];
      }
      exports2.allSchemaProperties = allSchemaProperties;
      function schemaProperties(it, schemaMap) {
        return allSchemaProperties(schemaMap).filter((p) => !(0, util_1.alwaysValidSchema)(it, schemaMap[p]));
      }
      exports2.schemaProperties = schemaProperties;
      function callValidateCode({ schemaCode, data, it: { gen, topSchemaRef, schemaPath, errorPath }, it }, func, context, passSchema) {
        const dataAndSchema = passSchema ? (0, codegen_1._)`${schemaCode}, ${data}, ${topSchemaRef}${schemaPath}` : data;
        const valCxt = [
          [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, errorPath)],
          [names_1.default.parentData, it.parentData],
          [names_1.default.parentDataProperty, it.parentDataProperty],
          [names_1.default.rootData, names_1.default.rootData]
        ];
        if (it.opts.dynamicRef)
          valCxt.push([names_1.default.dynamicAnchors, names_1.default.dynamicAnchors]);
        const args = (0, codegen_1._)`${dataAndSchema}, ${gen.object(...valCxt)}`;
        return context !== codegen_1.nil ? (0, codegen_1._)`${func}.call(${context}, ${args})` : (0, codegen_1._)`${func}(${args})`;
      }
      exports2.callValidateCode = callValidateCode;
      const newRegExp = (0, codegen_1._)`new RegExp`;
      function usePattern({ gen, it: { opts } }, pattern) {
        const u = opts.unicodeRegExp ? "u" : "";
        const { regExp } = opts.code;
        const rx = regExp(pattern, u);
        return gen.scopeValue("pattern", {
          key: rx.toString(),
          ref: rx,
          code: (0, codegen_1._)`${regExp.code === "new RegExp" ? newRegExp : (0, util_2.useFunc)(gen, regExp)}(${pattern}, ${u})`
        });
      }
      exports2.usePattern = usePattern;
      function validateArray(cxt) {
        const { gen, data, keyword, it } = cxt;
        const valid = gen.name("valid");
        if (it.allErrors) {
          const validArr = gen.let("valid", true);
          validateItems(() => gen.assign(validArr, false));
          return validArr;
        }
        gen.var(valid, true);
        validateItems(() => gen.break());
        return valid;
        function validateItems(notValid) {
          const len = gen.const("len", (0, codegen_1._)`${data}.length`);
          gen.forRange("i", 0, len, (i) => {
            cxt.subschema({
              keyword,
              dataProp: i,
              dataPropType: util_1.Type.Num
            }, valid);
            gen.if((0, codegen_1.not)(valid), notValid);
          });
        }
      }
      exports2.validateArray = validateArray;
      function validateUnion(cxt) {
        const { gen, schema, keyword, it } = cxt;
        if (!Array.isArray(schema))
          throw new Error("ajv implementation error");
        const alwaysValid = schema.some((sch) => (0, util_1.alwaysValidSchema)(it, sch));
        if (alwaysValid && !it.opts.unevaluated)
          return;
        const valid = gen.let("valid", false);
        const schValid = gen.name("_valid");
        gen.block(() => schema.forEach((_sch, i) => {
          const schCxt = cxt.subschema({
            keyword,
            schemaProp: i,
            compositeRule: true
          }, schValid);
          gen.assign(valid, (0, codegen_1._)`${valid} || ${schValid}`);
          const merged = cxt.mergeValidEvaluated(schCxt, schValid);
          if (!merged)
            gen.if((0, codegen_1.not)(valid));
        }));
        cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
      }
      exports2.validateUnion = validateUnion;
    })
  ),
  /***/
  9872: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const def = {
        keyword: "id",
        code() {
          throw new Error('NOT SUPPORTED: keyword "id", use "$id" for schema ID');
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  7397: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const id_1 = __nccwpck_require__2(9872);
      const ref_1 = __nccwpck_require__2(2996);
      const core = [
        "$schema",
        "$id",
        "$defs",
        "$vocabulary",
        { keyword: "$comment" },
        "definitions",
        id_1.default,
        ref_1.default
      ];
      exports2["default"] = core;
    })
  ),
  /***/
  2996: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.callRef = exports2.getValidate = void 0;
      const ref_error_1 = __nccwpck_require__2(3162);
      const code_1 = __nccwpck_require__2(8484);
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const compile_1 = __nccwpck_require__2(2718);
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: "$ref",
        schemaType: "string",
        code(cxt) {
          const { gen, schema: $ref, it } = cxt;
          const { baseId, schemaEnv: env, validateName, opts, self } = it;
          const { root } = env;
          if (($ref === "#" || $ref === "#/") && baseId === root.baseId)
            return callRootRef();
          const schOrEnv = compile_1.resolveRef.call(self, root, baseId, $ref);
          if (schOrEnv === void 0)
            throw new ref_error_1.default(it.opts.uriResolver, baseId, $ref);
          if (schOrEnv instanceof compile_1.SchemaEnv)
            return callValidate(schOrEnv);
          return inlineRefSchema(schOrEnv);
          function callRootRef() {
            if (env === root)
              return callRef(cxt, validateName, env, env.$async);
            const rootName = gen.scopeValue("root", { ref: root });
            return callRef(cxt, (0, codegen_1._)`${rootName}.validate`, root, root.$async);
          }
          function callValidate(sch) {
            const v = getValidate(cxt, sch);
            callRef(cxt, v, sch, sch.$async);
          }
          function inlineRefSchema(sch) {
            const schName = gen.scopeValue("schema", opts.code.source === true ? { ref: sch, code: (0, codegen_1.stringify)(sch) } : { ref: sch });
            const valid = gen.name("valid");
            const schCxt = cxt.subschema({
              schema: sch,
              dataTypes: [],
              schemaPath: codegen_1.nil,
              topSchemaRef: schName,
              errSchemaPath: $ref
            }, valid);
            cxt.mergeEvaluated(schCxt);
            cxt.ok(valid);
          }
        }
      };
      function getValidate(cxt, sch) {
        const { gen } = cxt;
        return sch.validate ? gen.scopeValue("validate", { ref: sch.validate }) : (0, codegen_1._)`${gen.scopeValue("wrapper", { ref: sch })}.validate`;
      }
      exports2.getValidate = getValidate;
      function callRef(cxt, v, sch, $async) {
        const { gen, it } = cxt;
        const { allErrors, schemaEnv: env, opts } = it;
        const passCxt = opts.passContext ? names_1.default.this : codegen_1.nil;
        if ($async)
          callAsyncRef();
        else
          callSyncRef();
        function callAsyncRef() {
          if (!env.$async)
            throw new Error("async schema referenced by sync schema");
          const valid = gen.let("valid");
          gen.try(() => {
            gen.code((0, codegen_1._)`await ${(0, code_1.callValidateCode)(cxt, v, passCxt)}`);
            addEvaluatedFrom(v);
            if (!allErrors)
              gen.assign(valid, true);
          }, (e) => {
            gen.if((0, codegen_1._)`!(${e} instanceof ${it.ValidationError})`, () => gen.throw(e));
            addErrorsFrom(e);
            if (!allErrors)
              gen.assign(valid, false);
          });
          cxt.ok(valid);
        }
        function callSyncRef() {
          cxt.result((0, code_1.callValidateCode)(cxt, v, passCxt), () => addEvaluatedFrom(v), () => addErrorsFrom(v));
        }
        function addErrorsFrom(source) {
          const errs = (0, codegen_1._)`${source}.errors`;
          gen.assign(names_1.default.vErrors, (0, codegen_1._)`${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`);
          gen.assign(names_1.default.errors, (0, codegen_1._)`${names_1.default.vErrors}.length`);
        }
        function addEvaluatedFrom(source) {
          var _a2;
          if (!it.opts.unevaluated)
            return;
          const schEvaluated = (_a2 = sch === null || sch === void 0 ? void 0 : sch.validate) === null || _a2 === void 0 ? void 0 : _a2.evaluated;
          if (it.props !== true) {
            if (schEvaluated && !schEvaluated.dynamicProps) {
              if (schEvaluated.props !== void 0) {
                it.props = util_1.mergeEvaluated.props(gen, schEvaluated.props, it.props);
              }
            } else {
              const props = gen.var("props", (0, codegen_1._)`${source}.evaluated.props`);
              it.props = util_1.mergeEvaluated.props(gen, props, it.props, codegen_1.Name);
            }
          }
          if (it.items !== true) {
            if (schEvaluated && !schEvaluated.dynamicItems) {
              if (schEvaluated.items !== void 0) {
                it.items = util_1.mergeEvaluated.items(gen, schEvaluated.items, it.items);
              }
            } else {
              const items = gen.var("items", (0, codegen_1._)`${source}.evaluated.items`);
              it.items = util_1.mergeEvaluated.items(gen, items, it.items, codegen_1.Name);
            }
          }
        }
      }
      exports2.callRef = callRef;
      exports2["default"] = def;
    })
  ),
  /***/
  8886: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const types_1 = __nccwpck_require__2(7115);
      const compile_1 = __nccwpck_require__2(2718);
      const ref_error_1 = __nccwpck_require__2(3162);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params: { discrError, tagName } }) => discrError === types_1.DiscrError.Tag ? `tag "${tagName}" must be string` : `value of tag "${tagName}" must be in oneOf`,
        params: ({ params: { discrError, tag, tagName } }) => (0, codegen_1._)`{error: ${discrError}, tag: ${tagName}, tagValue: ${tag}}`
      };
      const def = {
        keyword: "discriminator",
        type: "object",
        schemaType: "object",
        error,
        code(cxt) {
          const { gen, data, schema, parentSchema, it } = cxt;
          const { oneOf } = parentSchema;
          if (!it.opts.discriminator) {
            throw new Error("discriminator: requires discriminator option");
          }
          const tagName = schema.propertyName;
          if (typeof tagName != "string")
            throw new Error("discriminator: requires propertyName");
          if (schema.mapping)
            throw new Error("discriminator: mapping is not supported");
          if (!oneOf)
            throw new Error("discriminator: requires oneOf keyword");
          const valid = gen.let("valid", false);
          const tag = gen.const("tag", (0, codegen_1._)`${data}${(0, codegen_1.getProperty)(tagName)}`);
          gen.if((0, codegen_1._)`typeof ${tag} == "string"`, () => validateMapping(), () => cxt.error(false, { discrError: types_1.DiscrError.Tag, tag, tagName }));
          cxt.ok(valid);
          function validateMapping() {
            const mapping = getMapping();
            gen.if(false);
            for (const tagValue in mapping) {
              gen.elseIf((0, codegen_1._)`${tag} === ${tagValue}`);
              gen.assign(valid, applyTagSchema(mapping[tagValue]));
            }
            gen.else();
            cxt.error(false, { discrError: types_1.DiscrError.Mapping, tag, tagName });
            gen.endIf();
          }
          function applyTagSchema(schemaProp) {
            const _valid = gen.name("valid");
            const schCxt = cxt.subschema({ keyword: "oneOf", schemaProp }, _valid);
            cxt.mergeEvaluated(schCxt, codegen_1.Name);
            return _valid;
          }
          function getMapping() {
            var _a2;
            const oneOfMapping = {};
            const topRequired = hasRequired(parentSchema);
            let tagRequired = true;
            for (let i = 0; i < oneOf.length; i++) {
              let sch = oneOf[i];
              if ((sch === null || sch === void 0 ? void 0 : sch.$ref) && !(0, util_1.schemaHasRulesButRef)(sch, it.self.RULES)) {
                const ref = sch.$ref;
                sch = compile_1.resolveRef.call(it.self, it.schemaEnv.root, it.baseId, ref);
                if (sch instanceof compile_1.SchemaEnv)
                  sch = sch.schema;
                if (sch === void 0)
                  throw new ref_error_1.default(it.opts.uriResolver, it.baseId, ref);
              }
              const propSch = (_a2 = sch === null || sch === void 0 ? void 0 : sch.properties) === null || _a2 === void 0 ? void 0 : _a2[tagName];
              if (typeof propSch != "object") {
                throw new Error(`discriminator: oneOf subschemas (or referenced schemas) must have "properties/${tagName}"`);
              }
              tagRequired = tagRequired && (topRequired || hasRequired(sch));
              addMappings(propSch, i);
            }
            if (!tagRequired)
              throw new Error(`discriminator: "${tagName}" must be required`);
            return oneOfMapping;
            function hasRequired({ required }) {
              return Array.isArray(required) && required.includes(tagName);
            }
            function addMappings(sch, i) {
              if (sch.const) {
                addMapping(sch.const, i);
              } else if (sch.enum) {
                for (const tagValue of sch.enum) {
                  addMapping(tagValue, i);
                }
              } else {
                throw new Error(`discriminator: "properties/${tagName}" must have "const" or "enum"`);
              }
            }
            function addMapping(tagValue, i) {
              if (typeof tagValue != "string" || tagValue in oneOfMapping) {
                throw new Error(`discriminator: "${tagName}" values must be unique strings`);
              }
              oneOfMapping[tagValue] = i;
            }
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  7115: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.DiscrError = void 0;
      var DiscrError;
      (function(DiscrError2) {
        DiscrError2["Tag"] = "tag";
        DiscrError2["Mapping"] = "mapping";
      })(DiscrError || (exports2.DiscrError = DiscrError = {}));
    })
  ),
  /***/
  4298: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const core_1 = __nccwpck_require__2(7397);
      const validation_1 = __nccwpck_require__2(5481);
      const applicator_1 = __nccwpck_require__2(8775);
      const dynamic_1 = __nccwpck_require__2(9923);
      const next_1 = __nccwpck_require__2(7844);
      const unevaluated_1 = __nccwpck_require__2(2010);
      const format_1 = __nccwpck_require__2(2601);
      const metadata_1 = __nccwpck_require__2(6620);
      const draft2020Vocabularies = [
        dynamic_1.default,
        core_1.default,
        validation_1.default,
        (0, applicator_1.default)(true),
        format_1.default,
        metadata_1.metadataVocabulary,
        metadata_1.contentVocabulary,
        next_1.default,
        unevaluated_1.default
      ];
      exports2["default"] = draft2020Vocabularies;
    })
  ),
  /***/
  8639: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.dynamicAnchor = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const compile_1 = __nccwpck_require__2(2718);
      const ref_1 = __nccwpck_require__2(2996);
      const def = {
        keyword: "$dynamicAnchor",
        schemaType: "string",
        code: (cxt) => dynamicAnchor(cxt, cxt.schema)
      };
      function dynamicAnchor(cxt, anchor) {
        const { gen, it } = cxt;
        it.schemaEnv.root.dynamicAnchors[anchor] = true;
        const v = (0, codegen_1._)`${names_1.default.dynamicAnchors}${(0, codegen_1.getProperty)(anchor)}`;
        const validate = it.errSchemaPath === "#" ? it.validateName : _getValidate(cxt);
        gen.if((0, codegen_1._)`!${v}`, () => gen.assign(v, validate));
      }
      exports2.dynamicAnchor = dynamicAnchor;
      function _getValidate(cxt) {
        const { schemaEnv, schema, self } = cxt.it;
        const { root, baseId, localRefs, meta } = schemaEnv.root;
        const { schemaId } = self.opts;
        const sch = new compile_1.SchemaEnv({ schema, schemaId, root, baseId, localRefs, meta });
        compile_1.compileSchema.call(self, sch);
        return (0, ref_1.getValidate)(cxt, sch);
      }
      exports2["default"] = def;
    })
  ),
  /***/
  5065: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.dynamicRef = void 0;
      const codegen_1 = __nccwpck_require__2(1436);
      const names_1 = __nccwpck_require__2(630);
      const ref_1 = __nccwpck_require__2(2996);
      const def = {
        keyword: "$dynamicRef",
        schemaType: "string",
        code: (cxt) => dynamicRef(cxt, cxt.schema)
      };
      function dynamicRef(cxt, ref) {
        const { gen, keyword, it } = cxt;
        if (ref[0] !== "#")
          throw new Error(`"${keyword}" only supports hash fragment reference`);
        const anchor = ref.slice(1);
        if (it.allErrors) {
          _dynamicRef();
        } else {
          const valid = gen.let("valid", false);
          _dynamicRef(valid);
          cxt.ok(valid);
        }
        function _dynamicRef(valid) {
          if (it.schemaEnv.root.dynamicAnchors[anchor]) {
            const v = gen.let("_v", (0, codegen_1._)`${names_1.default.dynamicAnchors}${(0, codegen_1.getProperty)(anchor)}`);
            gen.if(v, _callRef(v, valid), _callRef(it.validateName, valid));
          } else {
            _callRef(it.validateName, valid)();
          }
        }
        function _callRef(validate, valid) {
          return valid ? () => gen.block(() => {
            (0, ref_1.callRef)(cxt, validate);
            gen.let(valid, true);
          }) : () => (0, ref_1.callRef)(cxt, validate);
        }
      }
      exports2.dynamicRef = dynamicRef;
      exports2["default"] = def;
    })
  ),
  /***/
  9923: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dynamicAnchor_1 = __nccwpck_require__2(8639);
      const dynamicRef_1 = __nccwpck_require__2(5065);
      const recursiveAnchor_1 = __nccwpck_require__2(9982);
      const recursiveRef_1 = __nccwpck_require__2(1794);
      const dynamic = [dynamicAnchor_1.default, dynamicRef_1.default, recursiveAnchor_1.default, recursiveRef_1.default];
      exports2["default"] = dynamic;
    })
  ),
  /***/
  9982: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dynamicAnchor_1 = __nccwpck_require__2(8639);
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: "$recursiveAnchor",
        schemaType: "boolean",
        code(cxt) {
          if (cxt.schema)
            (0, dynamicAnchor_1.dynamicAnchor)(cxt, "");
          else
            (0, util_1.checkStrictMode)(cxt.it, "$recursiveAnchor: false is ignored");
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  1794: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dynamicRef_1 = __nccwpck_require__2(5065);
      const def = {
        keyword: "$recursiveRef",
        schemaType: "string",
        code: (cxt) => (0, dynamicRef_1.dynamicRef)(cxt, cxt.schema)
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6402: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const error = {
        message: ({ schemaCode }) => (0, codegen_1.str)`must match format "${schemaCode}"`,
        params: ({ schemaCode }) => (0, codegen_1._)`{format: ${schemaCode}}`
      };
      const def = {
        keyword: "format",
        type: ["number", "string"],
        schemaType: "string",
        $data: true,
        error,
        code(cxt, ruleType) {
          const { gen, data, $data, schema, schemaCode, it } = cxt;
          const { opts, errSchemaPath, schemaEnv, self } = it;
          if (!opts.validateFormats)
            return;
          if ($data)
            validate$DataFormat();
          else
            validateFormat();
          function validate$DataFormat() {
            const fmts = gen.scopeValue("formats", {
              ref: self.formats,
              code: opts.code.formats
            });
            const fDef = gen.const("fDef", (0, codegen_1._)`${fmts}[${schemaCode}]`);
            const fType = gen.let("fType");
            const format = gen.let("format");
            gen.if((0, codegen_1._)`typeof ${fDef} == "object" && !(${fDef} instanceof RegExp)`, () => gen.assign(fType, (0, codegen_1._)`${fDef}.type || "string"`).assign(format, (0, codegen_1._)`${fDef}.validate`), () => gen.assign(fType, (0, codegen_1._)`"string"`).assign(format, fDef));
            cxt.fail$data((0, codegen_1.or)(unknownFmt(), invalidFmt()));
            function unknownFmt() {
              if (opts.strictSchema === false)
                return codegen_1.nil;
              return (0, codegen_1._)`${schemaCode} && !${format}`;
            }
            function invalidFmt() {
              const callFormat = schemaEnv.$async ? (0, codegen_1._)`(${fDef}.async ? await ${format}(${data}) : ${format}(${data}))` : (0, codegen_1._)`${format}(${data})`;
              const validData = (0, codegen_1._)`(typeof ${format} == "function" ? ${callFormat} : ${format}.test(${data}))`;
              return (0, codegen_1._)`${format} && ${format} !== true && ${fType} === ${ruleType} && !${validData}`;
            }
          }
          function validateFormat() {
            const formatDef = self.formats[schema];
            if (!formatDef) {
              unknownFormat();
              return;
            }
            if (formatDef === true)
              return;
            const [fmtType, format, fmtRef] = getFormat(formatDef);
            if (fmtType === ruleType)
              cxt.pass(validCondition());
            function unknownFormat() {
              if (opts.strictSchema === false) {
                self.logger.warn(unknownMsg());
                return;
              }
              throw new Error(unknownMsg());
              function unknownMsg() {
                return `unknown format "${schema}" ignored in schema at path "${errSchemaPath}"`;
              }
            }
            function getFormat(fmtDef) {
              const code = fmtDef instanceof RegExp ? (0, codegen_1.regexpCode)(fmtDef) : opts.code.formats ? (0, codegen_1._)`${opts.code.formats}${(0, codegen_1.getProperty)(schema)}` : void 0;
              const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code });
              if (typeof fmtDef == "object" && !(fmtDef instanceof RegExp)) {
                return [fmtDef.type || "string", fmtDef.validate, (0, codegen_1._)`${fmt}.validate`];
              }
              return ["string", fmtDef, fmt];
            }
            function validCondition() {
              if (typeof formatDef == "object" && !(formatDef instanceof RegExp) && formatDef.async) {
                if (!schemaEnv.$async)
                  throw new Error("async format in sync schema");
                return (0, codegen_1._)`await ${fmtRef}(${data})`;
              }
              return typeof format == "function" ? (0, codegen_1._)`${fmtRef}(${data})` : (0, codegen_1._)`${fmtRef}.test(${data})`;
            }
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  2601: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const format_1 = __nccwpck_require__2(6402);
      const format = [format_1.default];
      exports2["default"] = format;
    })
  ),
  /***/
  6620: (
    /***/
    ((__unused_webpack_module, exports2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.contentVocabulary = exports2.metadataVocabulary = void 0;
      exports2.metadataVocabulary = [
        "title",
        "description",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "examples"
      ];
      exports2.contentVocabulary = [
        "contentMediaType",
        "contentEncoding",
        "contentSchema"
      ];
    })
  ),
  /***/
  7844: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dependentRequired_1 = __nccwpck_require__2(643);
      const dependentSchemas_1 = __nccwpck_require__2(3818);
      const limitContains_1 = __nccwpck_require__2(3907);
      const next = [dependentRequired_1.default, dependentSchemas_1.default, limitContains_1.default];
      exports2["default"] = next;
    })
  ),
  /***/
  2010: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const unevaluatedProperties_1 = __nccwpck_require__2(6855);
      const unevaluatedItems_1 = __nccwpck_require__2(4144);
      const unevaluated = [unevaluatedProperties_1.default, unevaluatedItems_1.default];
      exports2["default"] = unevaluated;
    })
  ),
  /***/
  4144: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params: { len } }) => (0, codegen_1.str)`must NOT have more than ${len} items`,
        params: ({ params: { len } }) => (0, codegen_1._)`{limit: ${len}}`
      };
      const def = {
        keyword: "unevaluatedItems",
        type: "array",
        schemaType: ["boolean", "object"],
        error,
        code(cxt) {
          const { gen, schema, data, it } = cxt;
          const items = it.items || 0;
          if (items === true)
            return;
          const len = gen.const("len", (0, codegen_1._)`${data}.length`);
          if (schema === false) {
            cxt.setParams({ len: items });
            cxt.fail((0, codegen_1._)`${len} > ${items}`);
          } else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
            const valid = gen.var("valid", (0, codegen_1._)`${len} <= ${items}`);
            gen.if((0, codegen_1.not)(valid), () => validateItems(valid, items));
            cxt.ok(valid);
          }
          it.items = true;
          function validateItems(valid, from) {
            gen.forRange("i", from, len, (i) => {
              cxt.subschema({ keyword: "unevaluatedItems", dataProp: i, dataPropType: util_1.Type.Num }, valid);
              if (!it.allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
            });
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6855: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const names_1 = __nccwpck_require__2(630);
      const error = {
        message: "must NOT have unevaluated properties",
        params: ({ params }) => (0, codegen_1._)`{unevaluatedProperty: ${params.unevaluatedProperty}}`
      };
      const def = {
        keyword: "unevaluatedProperties",
        type: "object",
        schemaType: ["boolean", "object"],
        trackErrors: true,
        error,
        code(cxt) {
          const { gen, schema, data, errsCount, it } = cxt;
          if (!errsCount)
            throw new Error("ajv implementation error");
          const { allErrors, props } = it;
          if (props instanceof codegen_1.Name) {
            gen.if((0, codegen_1._)`${props} !== true`, () => gen.forIn("key", data, (key) => gen.if(unevaluatedDynamic(props, key), () => unevaluatedPropCode(key))));
          } else if (props !== true) {
            gen.forIn("key", data, (key) => props === void 0 ? unevaluatedPropCode(key) : gen.if(unevaluatedStatic(props, key), () => unevaluatedPropCode(key)));
          }
          it.props = true;
          cxt.ok((0, codegen_1._)`${errsCount} === ${names_1.default.errors}`);
          function unevaluatedPropCode(key) {
            if (schema === false) {
              cxt.setParams({ unevaluatedProperty: key });
              cxt.error();
              if (!allErrors)
                gen.break();
              return;
            }
            if (!(0, util_1.alwaysValidSchema)(it, schema)) {
              const valid = gen.name("valid");
              cxt.subschema({
                keyword: "unevaluatedProperties",
                dataProp: key,
                dataPropType: util_1.Type.Str
              }, valid);
              if (!allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
            }
          }
          function unevaluatedDynamic(evaluatedProps, key) {
            return (0, codegen_1._)`!${evaluatedProps} || !${evaluatedProps}[${key}]`;
          }
          function unevaluatedStatic(evaluatedProps, key) {
            const ps = [];
            for (const p in evaluatedProps) {
              if (evaluatedProps[p] === true)
                ps.push((0, codegen_1._)`${key} !== ${p}`);
            }
            return (0, codegen_1.and)(...ps);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8026: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const equal_1 = __nccwpck_require__2(4951);
      const error = {
        message: "must be equal to constant",
        params: ({ schemaCode }) => (0, codegen_1._)`{allowedValue: ${schemaCode}}`
      };
      const def = {
        keyword: "const",
        $data: true,
        error,
        code(cxt) {
          const { gen, data, $data, schemaCode, schema } = cxt;
          if ($data || schema && typeof schema == "object") {
            cxt.fail$data((0, codegen_1._)`!${(0, util_1.useFunc)(gen, equal_1.default)}(${data}, ${schemaCode})`);
          } else {
            cxt.fail((0, codegen_1._)`${schema} !== ${data}`);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  643: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dependencies_1 = __nccwpck_require__2(5826);
      const def = {
        keyword: "dependentRequired",
        type: "object",
        schemaType: "object",
        error: dependencies_1.error,
        code: (cxt) => (0, dependencies_1.validatePropertyDeps)(cxt)
      };
      exports2["default"] = def;
    })
  ),
  /***/
  3200: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const equal_1 = __nccwpck_require__2(4951);
      const error = {
        message: "must be equal to one of the allowed values",
        params: ({ schemaCode }) => (0, codegen_1._)`{allowedValues: ${schemaCode}}`
      };
      const def = {
        keyword: "enum",
        schemaType: "array",
        $data: true,
        error,
        code(cxt) {
          const { gen, data, $data, schema, schemaCode, it } = cxt;
          if (!$data && schema.length === 0)
            throw new Error("enum must have non-empty array");
          const useLoop = schema.length >= it.opts.loopEnum;
          let eql;
          const getEql = () => eql !== null && eql !== void 0 ? eql : eql = (0, util_1.useFunc)(gen, equal_1.default);
          let valid;
          if (useLoop || $data) {
            valid = gen.let("valid");
            cxt.block$data(valid, loopEnum);
          } else {
            if (!Array.isArray(schema))
              throw new Error("ajv implementation error");
            const vSchema = gen.const("vSchema", schemaCode);
            valid = (0, codegen_1.or)(...schema.map((_x, i) => equalCode(vSchema, i)));
          }
          cxt.pass(valid);
          function loopEnum() {
            gen.assign(valid, false);
            gen.forOf("v", schemaCode, (v) => gen.if((0, codegen_1._)`${getEql()}(${data}, ${v})`, () => gen.assign(valid, true).break()));
          }
          function equalCode(vSchema, i) {
            const sch = schema[i];
            return typeof sch === "object" && sch !== null ? (0, codegen_1._)`${getEql()}(${data}, ${vSchema}[${i}])` : (0, codegen_1._)`${data} === ${sch}`;
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  5481: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const limitNumber_1 = __nccwpck_require__2(3723);
      const multipleOf_1 = __nccwpck_require__2(8132);
      const limitLength_1 = __nccwpck_require__2(6962);
      const pattern_1 = __nccwpck_require__2(6023);
      const limitProperties_1 = __nccwpck_require__2(895);
      const required_1 = __nccwpck_require__2(4504);
      const limitItems_1 = __nccwpck_require__2(6296);
      const uniqueItems_1 = __nccwpck_require__2(5132);
      const const_1 = __nccwpck_require__2(8026);
      const enum_1 = __nccwpck_require__2(3200);
      const validation = [
        // number
        limitNumber_1.default,
        multipleOf_1.default,
        // string
        limitLength_1.default,
        pattern_1.default,
        // object
        limitProperties_1.default,
        required_1.default,
        // array
        limitItems_1.default,
        uniqueItems_1.default,
        // any
        { keyword: "type", schemaType: ["string", "array"] },
        { keyword: "nullable", schemaType: "boolean" },
        const_1.default,
        enum_1.default
      ];
      exports2["default"] = validation;
    })
  ),
  /***/
  3907: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const util_1 = __nccwpck_require__2(4464);
      const def = {
        keyword: ["maxContains", "minContains"],
        type: "array",
        schemaType: "number",
        code({ keyword, parentSchema, it }) {
          if (parentSchema.contains === void 0) {
            (0, util_1.checkStrictMode)(it, `"${keyword}" without "contains" is ignored`);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6296: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const error = {
        message({ keyword, schemaCode }) {
          const comp = keyword === "maxItems" ? "more" : "fewer";
          return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} items`;
        },
        params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
      };
      const def = {
        keyword: ["maxItems", "minItems"],
        type: "array",
        schemaType: "number",
        $data: true,
        error,
        code(cxt) {
          const { keyword, data, schemaCode } = cxt;
          const op = keyword === "maxItems" ? codegen_1.operators.GT : codegen_1.operators.LT;
          cxt.fail$data((0, codegen_1._)`${data}.length ${op} ${schemaCode}`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6962: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const ucs2length_1 = __nccwpck_require__2(6214);
      const error = {
        message({ keyword, schemaCode }) {
          const comp = keyword === "maxLength" ? "more" : "fewer";
          return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} characters`;
        },
        params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
      };
      const def = {
        keyword: ["maxLength", "minLength"],
        type: "string",
        schemaType: "number",
        $data: true,
        error,
        code(cxt) {
          const { keyword, data, schemaCode, it } = cxt;
          const op = keyword === "maxLength" ? codegen_1.operators.GT : codegen_1.operators.LT;
          const len = it.opts.unicode === false ? (0, codegen_1._)`${data}.length` : (0, codegen_1._)`${(0, util_1.useFunc)(cxt.gen, ucs2length_1.default)}(${data})`;
          cxt.fail$data((0, codegen_1._)`${len} ${op} ${schemaCode}`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  3723: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const ops = codegen_1.operators;
      const KWDs = {
        maximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
        minimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
        exclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
        exclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE }
      };
      const error = {
        message: ({ keyword, schemaCode }) => (0, codegen_1.str)`must be ${KWDs[keyword].okStr} ${schemaCode}`,
        params: ({ keyword, schemaCode }) => (0, codegen_1._)`{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`
      };
      const def = {
        keyword: Object.keys(KWDs),
        type: "number",
        schemaType: "number",
        $data: true,
        error,
        code(cxt) {
          const { keyword, data, schemaCode } = cxt;
          cxt.fail$data((0, codegen_1._)`${data} ${KWDs[keyword].fail} ${schemaCode} || isNaN(${data})`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  895: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const error = {
        message({ keyword, schemaCode }) {
          const comp = keyword === "maxProperties" ? "more" : "fewer";
          return (0, codegen_1.str)`must NOT have ${comp} than ${schemaCode} properties`;
        },
        params: ({ schemaCode }) => (0, codegen_1._)`{limit: ${schemaCode}}`
      };
      const def = {
        keyword: ["maxProperties", "minProperties"],
        type: "object",
        schemaType: "number",
        $data: true,
        error,
        code(cxt) {
          const { keyword, data, schemaCode } = cxt;
          const op = keyword === "maxProperties" ? codegen_1.operators.GT : codegen_1.operators.LT;
          cxt.fail$data((0, codegen_1._)`Object.keys(${data}).length ${op} ${schemaCode}`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  8132: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const codegen_1 = __nccwpck_require__2(1436);
      const error = {
        message: ({ schemaCode }) => (0, codegen_1.str)`must be multiple of ${schemaCode}`,
        params: ({ schemaCode }) => (0, codegen_1._)`{multipleOf: ${schemaCode}}`
      };
      const def = {
        keyword: "multipleOf",
        type: "number",
        schemaType: "number",
        $data: true,
        error,
        code(cxt) {
          const { gen, data, schemaCode, it } = cxt;
          const prec = it.opts.multipleOfPrecision;
          const res = gen.let("res");
          const invalid = prec ? (0, codegen_1._)`Math.abs(Math.round(${res}) - ${res}) > 1e-${prec}` : (0, codegen_1._)`${res} !== parseInt(${res})`;
          cxt.fail$data((0, codegen_1._)`(${schemaCode} === 0 || (${res} = ${data}/${schemaCode}, ${invalid}))`);
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  6023: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const code_1 = __nccwpck_require__2(8484);
      const util_1 = __nccwpck_require__2(4464);
      const codegen_1 = __nccwpck_require__2(1436);
      const error = {
        message: ({ schemaCode }) => (0, codegen_1.str)`must match pattern "${schemaCode}"`,
        params: ({ schemaCode }) => (0, codegen_1._)`{pattern: ${schemaCode}}`
      };
      const def = {
        keyword: "pattern",
        type: "string",
        schemaType: "string",
        $data: true,
        error,
        code(cxt) {
          const { gen, data, $data, schema, schemaCode, it } = cxt;
          const u = it.opts.unicodeRegExp ? "u" : "";
          if ($data) {
            const { regExp } = it.opts.code;
            const regExpCode = regExp.code === "new RegExp" ? (0, codegen_1._)`new RegExp` : (0, util_1.useFunc)(gen, regExp);
            const valid = gen.let("valid");
            gen.try(() => gen.assign(valid, (0, codegen_1._)`${regExpCode}(${schemaCode}, ${u}).test(${data})`), () => gen.assign(valid, false));
            cxt.fail$data((0, codegen_1._)`!${valid}`);
          } else {
            const regExp = (0, code_1.usePattern)(cxt, schema);
            cxt.fail$data((0, codegen_1._)`!${regExp}.test(${data})`);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  4504: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const code_1 = __nccwpck_require__2(8484);
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const error = {
        message: ({ params: { missingProperty } }) => (0, codegen_1.str)`must have required property '${missingProperty}'`,
        params: ({ params: { missingProperty } }) => (0, codegen_1._)`{missingProperty: ${missingProperty}}`
      };
      const def = {
        keyword: "required",
        type: "object",
        schemaType: "array",
        $data: true,
        error,
        code(cxt) {
          const { gen, schema, schemaCode, data, $data, it } = cxt;
          const { opts } = it;
          if (!$data && schema.length === 0)
            return;
          const useLoop = schema.length >= opts.loopRequired;
          if (it.allErrors)
            allErrorsMode();
          else
            exitOnErrorMode();
          if (opts.strictRequired) {
            const props = cxt.parentSchema.properties;
            const { definedProperties } = cxt.it;
            for (const requiredKey of schema) {
              if ((props === null || props === void 0 ? void 0 : props[requiredKey]) === void 0 && !definedProperties.has(requiredKey)) {
                const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
                const msg = `required property "${requiredKey}" is not defined at "${schemaPath}" (strictRequired)`;
                (0, util_1.checkStrictMode)(it, msg, it.opts.strictRequired);
              }
            }
          }
          function allErrorsMode() {
            if (useLoop || $data) {
              cxt.block$data(codegen_1.nil, loopAllRequired);
            } else {
              for (const prop of schema) {
                (0, code_1.checkReportMissingProp)(cxt, prop);
              }
            }
          }
          function exitOnErrorMode() {
            const missing = gen.let("missing");
            if (useLoop || $data) {
              const valid = gen.let("valid", true);
              cxt.block$data(valid, () => loopUntilMissing(missing, valid));
              cxt.ok(valid);
            } else {
              gen.if((0, code_1.checkMissingProp)(cxt, schema, missing));
              (0, code_1.reportMissingProp)(cxt, missing);
              gen.else();
            }
          }
          function loopAllRequired() {
            gen.forOf("prop", schemaCode, (prop) => {
              cxt.setParams({ missingProperty: prop });
              gen.if((0, code_1.noPropertyInData)(gen, data, prop, opts.ownProperties), () => cxt.error());
            });
          }
          function loopUntilMissing(missing, valid) {
            cxt.setParams({ missingProperty: missing });
            gen.forOf(missing, schemaCode, () => {
              gen.assign(valid, (0, code_1.propertyInData)(gen, data, missing, opts.ownProperties));
              gen.if((0, codegen_1.not)(valid), () => {
                cxt.error();
                gen.break();
              });
            }, codegen_1.nil);
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  5132: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      Object.defineProperty(exports2, "__esModule", { value: true });
      const dataType_1 = __nccwpck_require__2(6685);
      const codegen_1 = __nccwpck_require__2(1436);
      const util_1 = __nccwpck_require__2(4464);
      const equal_1 = __nccwpck_require__2(4951);
      const error = {
        message: ({ params: { i, j } }) => (0, codegen_1.str)`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
        params: ({ params: { i, j } }) => (0, codegen_1._)`{i: ${i}, j: ${j}}`
      };
      const def = {
        keyword: "uniqueItems",
        type: "array",
        schemaType: "boolean",
        $data: true,
        error,
        code(cxt) {
          const { gen, data, $data, schema, parentSchema, schemaCode, it } = cxt;
          if (!$data && !schema)
            return;
          const valid = gen.let("valid");
          const itemTypes = parentSchema.items ? (0, dataType_1.getSchemaTypes)(parentSchema.items) : [];
          cxt.block$data(valid, validateUniqueItems, (0, codegen_1._)`${schemaCode} === false`);
          cxt.ok(valid);
          function validateUniqueItems() {
            const i = gen.let("i", (0, codegen_1._)`${data}.length`);
            const j = gen.let("j");
            cxt.setParams({ i, j });
            gen.assign(valid, true);
            gen.if((0, codegen_1._)`${i} > 1`, () => (canOptimize() ? loopN : loopN2)(i, j));
          }
          function canOptimize() {
            return itemTypes.length > 0 && !itemTypes.some((t) => t === "object" || t === "array");
          }
          function loopN(i, j) {
            const item = gen.name("item");
            const wrongType = (0, dataType_1.checkDataTypes)(itemTypes, item, it.opts.strictNumbers, dataType_1.DataType.Wrong);
            const indices = gen.const("indices", (0, codegen_1._)`{}`);
            gen.for((0, codegen_1._)`;${i}--;`, () => {
              gen.let(item, (0, codegen_1._)`${data}[${i}]`);
              gen.if(wrongType, (0, codegen_1._)`continue`);
              if (itemTypes.length > 1)
                gen.if((0, codegen_1._)`typeof ${item} == "string"`, (0, codegen_1._)`${item} += "_"`);
              gen.if((0, codegen_1._)`typeof ${indices}[${item}] == "number"`, () => {
                gen.assign(j, (0, codegen_1._)`${indices}[${item}]`);
                cxt.error();
                gen.assign(valid, false).break();
              }).code((0, codegen_1._)`${indices}[${item}] = ${i}`);
            });
          }
          function loopN2(i, j) {
            const eql = (0, util_1.useFunc)(gen, equal_1.default);
            const outer = gen.name("outer");
            gen.label(outer).for((0, codegen_1._)`;${i}--;`, () => gen.for((0, codegen_1._)`${j} = ${i}; ${j}--;`, () => gen.if((0, codegen_1._)`${eql}(${data}[${i}], ${data}[${j}])`, () => {
              cxt.error();
              gen.assign(valid, false).break(outer);
            })));
          }
        }
      };
      exports2["default"] = def;
    })
  ),
  /***/
  3430: (
    /***/
    ((module2) => {
      module2.exports = function equal(a, b) {
        if (a === b) return true;
        if (a && b && typeof a == "object" && typeof b == "object") {
          if (a.constructor !== b.constructor) return false;
          var length, i, keys;
          if (Array.isArray(a)) {
            length = a.length;
            if (length != b.length) return false;
            for (i = length; i-- !== 0; )
              if (!equal(a[i], b[i])) return false;
            return true;
          }
          if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
          if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
          if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
          keys = Object.keys(a);
          length = keys.length;
          if (length !== Object.keys(b).length) return false;
          for (i = length; i-- !== 0; )
            if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
          for (i = length; i-- !== 0; ) {
            var key = keys[i];
            if (!equal(a[key], b[key])) return false;
          }
          return true;
        }
        return a !== a && b !== b;
      };
    })
  ),
  /***/
  1167: (
    /***/
    ((module2) => {
      var traverse = module2.exports = function(schema, opts, cb) {
        if (typeof opts == "function") {
          cb = opts;
          opts = {};
        }
        cb = opts.cb || cb;
        var pre = typeof cb == "function" ? cb : cb.pre || function() {
        };
        var post = cb.post || function() {
        };
        _traverse(opts, pre, post, schema, "", schema);
      };
      traverse.keywords = {
        additionalItems: true,
        items: true,
        contains: true,
        additionalProperties: true,
        propertyNames: true,
        not: true,
        if: true,
        then: true,
        else: true
      };
      traverse.arrayKeywords = {
        items: true,
        allOf: true,
        anyOf: true,
        oneOf: true
      };
      traverse.propsKeywords = {
        $defs: true,
        definitions: true,
        properties: true,
        patternProperties: true,
        dependencies: true
      };
      traverse.skipKeywords = {
        default: true,
        enum: true,
        const: true,
        required: true,
        maximum: true,
        minimum: true,
        exclusiveMaximum: true,
        exclusiveMinimum: true,
        multipleOf: true,
        maxLength: true,
        minLength: true,
        pattern: true,
        format: true,
        maxItems: true,
        minItems: true,
        uniqueItems: true,
        maxProperties: true,
        minProperties: true
      };
      function _traverse(opts, pre, post, schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex) {
        if (schema && typeof schema == "object" && !Array.isArray(schema)) {
          pre(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
          for (var key in schema) {
            var sch = schema[key];
            if (Array.isArray(sch)) {
              if (key in traverse.arrayKeywords) {
                for (var i = 0; i < sch.length; i++)
                  _traverse(opts, pre, post, sch[i], jsonPtr + "/" + key + "/" + i, rootSchema, jsonPtr, key, schema, i);
              }
            } else if (key in traverse.propsKeywords) {
              if (sch && typeof sch == "object") {
                for (var prop in sch)
                  _traverse(opts, pre, post, sch[prop], jsonPtr + "/" + key + "/" + escapeJsonPtr(prop), rootSchema, jsonPtr, key, schema, prop);
              }
            } else if (key in traverse.keywords || opts.allKeys && !(key in traverse.skipKeywords)) {
              _traverse(opts, pre, post, sch, jsonPtr + "/" + key, rootSchema, jsonPtr, key, schema);
            }
          }
          post(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
        }
      }
      function escapeJsonPtr(str) {
        return str.replace(/~/g, "~0").replace(/\//g, "~1");
      }
    })
  ),
  /***/
  9800: (
    /***/
    ((__unused_webpack_module, exports2, __nccwpck_require__2) => {
      var __webpack_unused_export__;
      __webpack_unused_export__ = { value: true };
      exports2.wT = __webpack_unused_export__ = void 0;
      const ed5 = __nccwpck_require__2(6950);
      const ed2 = __nccwpck_require__2(4488);
      const NSed3 = __nccwpck_require__2(5699);
      var isS = ed5.isS;
      var isChar10 = ed5.isChar;
      var isNameStartChar = ed5.isNameStartChar;
      var isNameChar = ed5.isNameChar;
      var S_LIST = ed5.S_LIST;
      var NAME_RE = ed5.NAME_RE;
      var isChar11 = ed2.isChar;
      var isNCNameStartChar = NSed3.isNCNameStartChar;
      var isNCNameChar = NSed3.isNCNameChar;
      var NC_NAME_RE = NSed3.NC_NAME_RE;
      const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";
      const XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";
      const rootNS = {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment
        __proto__: null,
        xml: XML_NAMESPACE,
        xmlns: XMLNS_NAMESPACE
      };
      const XML_ENTITIES2 = {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment
        __proto__: null,
        amp: "&",
        gt: ">",
        lt: "<",
        quot: '"',
        apos: "'"
      };
      const EOC = -1;
      const NL_LIKE = -2;
      const S_BEGIN = 0;
      const S_BEGIN_WHITESPACE = 1;
      const S_DOCTYPE = 2;
      const S_DOCTYPE_QUOTE = 3;
      const S_DTD = 4;
      const S_DTD_QUOTED = 5;
      const S_DTD_OPEN_WAKA = 6;
      const S_DTD_OPEN_WAKA_BANG = 7;
      const S_DTD_COMMENT = 8;
      const S_DTD_COMMENT_ENDING = 9;
      const S_DTD_COMMENT_ENDED = 10;
      const S_DTD_PI = 11;
      const S_DTD_PI_ENDING = 12;
      const S_TEXT = 13;
      const S_ENTITY = 14;
      const S_OPEN_WAKA = 15;
      const S_OPEN_WAKA_BANG = 16;
      const S_COMMENT = 17;
      const S_COMMENT_ENDING = 18;
      const S_COMMENT_ENDED = 19;
      const S_CDATA = 20;
      const S_CDATA_ENDING = 21;
      const S_CDATA_ENDING_2 = 22;
      const S_PI_FIRST_CHAR = 23;
      const S_PI_REST = 24;
      const S_PI_BODY = 25;
      const S_PI_ENDING = 26;
      const S_XML_DECL_NAME_START = 27;
      const S_XML_DECL_NAME = 28;
      const S_XML_DECL_EQ = 29;
      const S_XML_DECL_VALUE_START = 30;
      const S_XML_DECL_VALUE = 31;
      const S_XML_DECL_SEPARATOR = 32;
      const S_XML_DECL_ENDING = 33;
      const S_OPEN_TAG = 34;
      const S_OPEN_TAG_SLASH = 35;
      const S_ATTRIB = 36;
      const S_ATTRIB_NAME = 37;
      const S_ATTRIB_NAME_SAW_WHITE = 38;
      const S_ATTRIB_VALUE = 39;
      const S_ATTRIB_VALUE_QUOTED = 40;
      const S_ATTRIB_VALUE_CLOSED = 41;
      const S_ATTRIB_VALUE_UNQUOTED = 42;
      const S_CLOSE_TAG = 43;
      const S_CLOSE_TAG_SAW_WHITE = 44;
      const TAB = 9;
      const NL = 10;
      const CR = 13;
      const SPACE = 32;
      const BANG = 33;
      const DQUOTE = 34;
      const AMP = 38;
      const SQUOTE = 39;
      const MINUS = 45;
      const FORWARD_SLASH = 47;
      const SEMICOLON = 59;
      const LESS = 60;
      const EQUAL = 61;
      const GREATER = 62;
      const QUESTION = 63;
      const OPEN_BRACKET = 91;
      const CLOSE_BRACKET = 93;
      const NEL = 133;
      const LS = 8232;
      const isQuote = (c) => c === DQUOTE || c === SQUOTE;
      const QUOTES = [DQUOTE, SQUOTE];
      const DOCTYPE_TERMINATOR = [...QUOTES, OPEN_BRACKET, GREATER];
      const DTD_TERMINATOR = [...QUOTES, LESS, CLOSE_BRACKET];
      const XML_DECL_NAME_TERMINATOR = [EQUAL, QUESTION, ...S_LIST];
      const ATTRIB_VALUE_UNQUOTED_TERMINATOR = [...S_LIST, GREATER, AMP, LESS];
      function nsPairCheck(parser, prefix, uri) {
        switch (prefix) {
          case "xml":
            if (uri !== XML_NAMESPACE) {
              parser.fail(`xml prefix must be bound to ${XML_NAMESPACE}.`);
            }
            break;
          case "xmlns":
            if (uri !== XMLNS_NAMESPACE) {
              parser.fail(`xmlns prefix must be bound to ${XMLNS_NAMESPACE}.`);
            }
            break;
          default:
        }
        switch (uri) {
          case XMLNS_NAMESPACE:
            parser.fail(prefix === "" ? `the default namespace may not be set to ${uri}.` : `may not assign a prefix (even "xmlns") to the URI ${XMLNS_NAMESPACE}.`);
            break;
          case XML_NAMESPACE:
            switch (prefix) {
              case "xml":
                break;
              case "":
                parser.fail(`the default namespace may not be set to ${uri}.`);
                break;
              default:
                parser.fail("may not assign the xml namespace to another prefix.");
            }
            break;
          default:
        }
      }
      function nsMappingCheck(parser, mapping) {
        for (const local of Object.keys(mapping)) {
          nsPairCheck(parser, local, mapping[local]);
        }
      }
      const isNCName = (name) => NC_NAME_RE.test(name);
      const isName = (name) => NAME_RE.test(name);
      const FORBIDDEN_START = 0;
      const FORBIDDEN_BRACKET = 1;
      const FORBIDDEN_BRACKET_BRACKET = 2;
      __webpack_unused_export__ = [
        "xmldecl",
        "text",
        "processinginstruction",
        "doctype",
        "comment",
        "opentagstart",
        "attribute",
        "opentag",
        "closetag",
        "cdata",
        "error",
        "end",
        "ready"
      ];
      const EVENT_NAME_TO_HANDLER_NAME = {
        xmldecl: "xmldeclHandler",
        text: "textHandler",
        processinginstruction: "piHandler",
        doctype: "doctypeHandler",
        comment: "commentHandler",
        opentagstart: "openTagStartHandler",
        attribute: "attributeHandler",
        opentag: "openTagHandler",
        closetag: "closeTagHandler",
        cdata: "cdataHandler",
        error: "errorHandler",
        end: "endHandler",
        ready: "readyHandler"
      };
      class SaxesParser {
        /**
         * @param opt The parser options.
         */
        constructor(opt) {
          this.opt = opt !== null && opt !== void 0 ? opt : {};
          this.fragmentOpt = !!this.opt.fragment;
          const xmlnsOpt = this.xmlnsOpt = !!this.opt.xmlns;
          this.trackPosition = this.opt.position !== false;
          this.fileName = this.opt.fileName;
          if (xmlnsOpt) {
            this.nameStartCheck = isNCNameStartChar;
            this.nameCheck = isNCNameChar;
            this.isName = isNCName;
            this.processAttribs = this.processAttribsNS;
            this.pushAttrib = this.pushAttribNS;
            this.ns = Object.assign({ __proto__: null }, rootNS);
            const additional = this.opt.additionalNamespaces;
            if (additional != null) {
              nsMappingCheck(this, additional);
              Object.assign(this.ns, additional);
            }
          } else {
            this.nameStartCheck = isNameStartChar;
            this.nameCheck = isNameChar;
            this.isName = isName;
            this.processAttribs = this.processAttribsPlain;
            this.pushAttrib = this.pushAttribPlain;
          }
          this.stateTable = [
            /* eslint-disable @typescript-eslint/unbound-method */
            this.sBegin,
            this.sBeginWhitespace,
            this.sDoctype,
            this.sDoctypeQuote,
            this.sDTD,
            this.sDTDQuoted,
            this.sDTDOpenWaka,
            this.sDTDOpenWakaBang,
            this.sDTDComment,
            this.sDTDCommentEnding,
            this.sDTDCommentEnded,
            this.sDTDPI,
            this.sDTDPIEnding,
            this.sText,
            this.sEntity,
            this.sOpenWaka,
            this.sOpenWakaBang,
            this.sComment,
            this.sCommentEnding,
            this.sCommentEnded,
            this.sCData,
            this.sCDataEnding,
            this.sCDataEnding2,
            this.sPIFirstChar,
            this.sPIRest,
            this.sPIBody,
            this.sPIEnding,
            this.sXMLDeclNameStart,
            this.sXMLDeclName,
            this.sXMLDeclEq,
            this.sXMLDeclValueStart,
            this.sXMLDeclValue,
            this.sXMLDeclSeparator,
            this.sXMLDeclEnding,
            this.sOpenTag,
            this.sOpenTagSlash,
            this.sAttrib,
            this.sAttribName,
            this.sAttribNameSawWhite,
            this.sAttribValue,
            this.sAttribValueQuoted,
            this.sAttribValueClosed,
            this.sAttribValueUnquoted,
            this.sCloseTag,
            this.sCloseTagSawWhite
            /* eslint-enable @typescript-eslint/unbound-method */
          ];
          this._init();
        }
        /**
         * Indicates whether or not the parser is closed. If ``true``, wait for
         * the ``ready`` event to write again.
         */
        get closed() {
          return this._closed;
        }
        _init() {
          var _a2;
          this.openWakaBang = "";
          this.text = "";
          this.name = "";
          this.piTarget = "";
          this.entity = "";
          this.q = null;
          this.tags = [];
          this.tag = null;
          this.topNS = null;
          this.chunk = "";
          this.chunkPosition = 0;
          this.i = 0;
          this.prevI = 0;
          this.carriedFromPrevious = void 0;
          this.forbiddenState = FORBIDDEN_START;
          this.attribList = [];
          const { fragmentOpt } = this;
          this.state = fragmentOpt ? S_TEXT : S_BEGIN;
          this.reportedTextBeforeRoot = this.reportedTextAfterRoot = this.closedRoot = this.sawRoot = fragmentOpt;
          this.xmlDeclPossible = !fragmentOpt;
          this.xmlDeclExpects = ["version"];
          this.entityReturnState = void 0;
          let { defaultXMLVersion } = this.opt;
          if (defaultXMLVersion === void 0) {
            if (this.opt.forceXMLVersion === true) {
              throw new Error("forceXMLVersion set but defaultXMLVersion is not set");
            }
            defaultXMLVersion = "1.0";
          }
          this.setXMLVersion(defaultXMLVersion);
          this.positionAtNewLine = 0;
          this.doctype = false;
          this._closed = false;
          this.xmlDecl = {
            version: void 0,
            encoding: void 0,
            standalone: void 0
          };
          this.line = 1;
          this.column = 0;
          this.ENTITIES = Object.create(XML_ENTITIES2);
          (_a2 = this.readyHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this);
        }
        /**
         * The stream position the parser is currently looking at. This field is
         * zero-based.
         *
         * This field is not based on counting Unicode characters but is to be
         * interpreted as a plain index into a JavaScript string.
         */
        get position() {
          return this.chunkPosition + this.i;
        }
        /**
         * The column number of the next character to be read by the parser.  *
         * This field is zero-based. (The first column in a line is 0.)
         *
         * This field reports the index at which the next character would be in the
         * line if the line were represented as a JavaScript string.  Note that this
         * *can* be different to a count based on the number of *Unicode characters*
         * due to how JavaScript handles astral plane characters.
         *
         * See [[column]] for a number that corresponds to a count of Unicode
         * characters.
         */
        get columnIndex() {
          return this.position - this.positionAtNewLine;
        }
        /**
         * Set an event listener on an event. The parser supports one handler per
         * event type. If you try to set an event handler over an existing handler,
         * the old handler is silently overwritten.
         *
         * @param name The event to listen to.
         *
         * @param handler The handler to set.
         */
        on(name, handler) {
          this[EVENT_NAME_TO_HANDLER_NAME[name]] = handler;
        }
        /**
         * Unset an event handler.
         *
         * @parma name The event to stop listening to.
         */
        off(name) {
          this[EVENT_NAME_TO_HANDLER_NAME[name]] = void 0;
        }
        /**
         * Make an error object. The error object will have a message that contains
         * the ``fileName`` option passed at the creation of the parser. If position
         * tracking was turned on, it will also have line and column number
         * information.
         *
         * @param message The message describing the error to report.
         *
         * @returns An error object with a properly formatted message.
         */
        makeError(message) {
          var _a2;
          let msg = (_a2 = this.fileName) !== null && _a2 !== void 0 ? _a2 : "";
          if (this.trackPosition) {
            if (msg.length > 0) {
              msg += ":";
            }
            msg += `${this.line}:${this.column}`;
          }
          if (msg.length > 0) {
            msg += ": ";
          }
          return new Error(msg + message);
        }
        /**
         * Report a parsing error. This method is made public so that client code may
         * check for issues that are outside the scope of this project and can report
         * errors.
         *
         * @param message The error to report.
         *
         * @returns this
         */
        fail(message) {
          const err = this.makeError(message);
          const handler = this.errorHandler;
          if (handler === void 0) {
            throw err;
          } else {
            handler(err);
          }
          return this;
        }
        /**
         * Write a XML data to the parser.
         *
         * @param chunk The XML data to write.
         *
         * @returns this
         */
        // We do need object for the type here. Yes, it often causes problems
        // but not in this case.
        write(chunk) {
          if (this.closed) {
            return this.fail("cannot write after close; assign an onready handler.");
          }
          let end = false;
          if (chunk === null) {
            end = true;
            chunk = "";
          } else if (typeof chunk === "object") {
            chunk = chunk.toString();
          }
          if (this.carriedFromPrevious !== void 0) {
            chunk = `${this.carriedFromPrevious}${chunk}`;
            this.carriedFromPrevious = void 0;
          }
          let limit = chunk.length;
          const lastCode = chunk.charCodeAt(limit - 1);
          if (!end && // A trailing CR or surrogate must be carried over to the next
          // chunk.
          (lastCode === CR || lastCode >= 55296 && lastCode <= 56319)) {
            this.carriedFromPrevious = chunk[limit - 1];
            limit--;
            chunk = chunk.slice(0, limit);
          }
          const { stateTable } = this;
          this.chunk = chunk;
          this.i = 0;
          while (this.i < limit) {
            stateTable[this.state].call(this);
          }
          this.chunkPosition += limit;
          return end ? this.end() : this;
        }
        /**
         * Close the current stream. Perform final well-formedness checks and reset
         * the parser tstate.
         *
         * @returns this
         */
        close() {
          return this.write(null);
        }
        /**
         * Get a single code point out of the current chunk. This updates the current
         * position if we do position tracking.
         *
         * This is the algorithm to use for XML 1.0.
         *
         * @returns The character read.
         */
        getCode10() {
          const { chunk, i } = this;
          this.prevI = i;
          this.i = i + 1;
          if (i >= chunk.length) {
            return EOC;
          }
          const code = chunk.charCodeAt(i);
          this.column++;
          if (code < 55296) {
            if (code >= SPACE || code === TAB) {
              return code;
            }
            switch (code) {
              case NL:
                this.line++;
                this.column = 0;
                this.positionAtNewLine = this.position;
                return NL;
              case CR:
                if (chunk.charCodeAt(i + 1) === NL) {
                  this.i = i + 2;
                }
                this.line++;
                this.column = 0;
                this.positionAtNewLine = this.position;
                return NL_LIKE;
              default:
                this.fail("disallowed character.");
                return code;
            }
          }
          if (code > 56319) {
            if (!(code >= 57344 && code <= 65533)) {
              this.fail("disallowed character.");
            }
            return code;
          }
          const final = 65536 + (code - 55296) * 1024 + (chunk.charCodeAt(i + 1) - 56320);
          this.i = i + 2;
          if (final > 1114111) {
            this.fail("disallowed character.");
          }
          return final;
        }
        /**
         * Get a single code point out of the current chunk. This updates the current
         * position if we do position tracking.
         *
         * This is the algorithm to use for XML 1.1.
         *
         * @returns {number} The character read.
         */
        getCode11() {
          const { chunk, i } = this;
          this.prevI = i;
          this.i = i + 1;
          if (i >= chunk.length) {
            return EOC;
          }
          const code = chunk.charCodeAt(i);
          this.column++;
          if (code < 55296) {
            if (code > 31 && code < 127 || code > 159 && code !== LS || code === TAB) {
              return code;
            }
            switch (code) {
              case NL:
                this.line++;
                this.column = 0;
                this.positionAtNewLine = this.position;
                return NL;
              case CR: {
                const next = chunk.charCodeAt(i + 1);
                if (next === NL || next === NEL) {
                  this.i = i + 2;
                }
              }
              /* yes, fall through */
              case NEL:
              // 0x85
              case LS:
                this.line++;
                this.column = 0;
                this.positionAtNewLine = this.position;
                return NL_LIKE;
              default:
                this.fail("disallowed character.");
                return code;
            }
          }
          if (code > 56319) {
            if (!(code >= 57344 && code <= 65533)) {
              this.fail("disallowed character.");
            }
            return code;
          }
          const final = 65536 + (code - 55296) * 1024 + (chunk.charCodeAt(i + 1) - 56320);
          this.i = i + 2;
          if (final > 1114111) {
            this.fail("disallowed character.");
          }
          return final;
        }
        /**
         * Like ``getCode`` but with the return value normalized so that ``NL`` is
         * returned for ``NL_LIKE``.
         */
        getCodeNorm() {
          const c = this.getCode();
          return c === NL_LIKE ? NL : c;
        }
        unget() {
          this.i = this.prevI;
          this.column--;
        }
        /**
         * Capture characters into a buffer until encountering one of a set of
         * characters.
         *
         * @param chars An array of codepoints. Encountering a character in the array
         * ends the capture. (``chars`` may safely contain ``NL``.)
         *
         * @return The character code that made the capture end, or ``EOC`` if we hit
         * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
         * instead.
         */
        captureTo(chars) {
          let { i: start } = this;
          const { chunk } = this;
          while (true) {
            const c = this.getCode();
            const isNLLike = c === NL_LIKE;
            const final = isNLLike ? NL : c;
            if (final === EOC || chars.includes(final)) {
              this.text += chunk.slice(start, this.prevI);
              return final;
            }
            if (isNLLike) {
              this.text += `${chunk.slice(start, this.prevI)}
`;
              start = this.i;
            }
          }
        }
        /**
         * Capture characters into a buffer until encountering a character.
         *
         * @param char The codepoint that ends the capture. **NOTE ``char`` MAY NOT
         * CONTAIN ``NL``.** Passing ``NL`` will result in buggy behavior.
         *
         * @return ``true`` if we ran into the character. Otherwise, we ran into the
         * end of the current chunk.
         */
        captureToChar(char) {
          let { i: start } = this;
          const { chunk } = this;
          while (true) {
            let c = this.getCode();
            switch (c) {
              case NL_LIKE:
                this.text += `${chunk.slice(start, this.prevI)}
`;
                start = this.i;
                c = NL;
                break;
              case EOC:
                this.text += chunk.slice(start);
                return false;
              default:
            }
            if (c === char) {
              this.text += chunk.slice(start, this.prevI);
              return true;
            }
          }
        }
        /**
         * Capture characters that satisfy ``isNameChar`` into the ``name`` field of
         * this parser.
         *
         * @return The character code that made the test fail, or ``EOC`` if we hit
         * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
         * instead.
         */
        captureNameChars() {
          const { chunk, i: start } = this;
          while (true) {
            const c = this.getCode();
            if (c === EOC) {
              this.name += chunk.slice(start);
              return EOC;
            }
            if (!isNameChar(c)) {
              this.name += chunk.slice(start, this.prevI);
              return c === NL_LIKE ? NL : c;
            }
          }
        }
        /**
         * Skip white spaces.
         *
         * @return The character that ended the skip, or ``EOC`` if we hit
         * the end of the chunk. The return value cannot be NL_LIKE: NL is returned
         * instead.
         */
        skipSpaces() {
          while (true) {
            const c = this.getCodeNorm();
            if (c === EOC || !isS(c)) {
              return c;
            }
          }
        }
        setXMLVersion(version) {
          this.currentXMLVersion = version;
          if (version === "1.0") {
            this.isChar = isChar10;
            this.getCode = this.getCode10;
          } else {
            this.isChar = isChar11;
            this.getCode = this.getCode11;
          }
        }
        // STATE ENGINE METHODS
        // This needs to be a state separate from S_BEGIN_WHITESPACE because we want
        // to be sure never to come back to this state later.
        sBegin() {
          if (this.chunk.charCodeAt(0) === 65279) {
            this.i++;
            this.column++;
          }
          this.state = S_BEGIN_WHITESPACE;
        }
        sBeginWhitespace() {
          const iBefore = this.i;
          const c = this.skipSpaces();
          if (this.prevI !== iBefore) {
            this.xmlDeclPossible = false;
          }
          switch (c) {
            case LESS:
              this.state = S_OPEN_WAKA;
              if (this.text.length !== 0) {
                throw new Error("no-empty text at start");
              }
              break;
            case EOC:
              break;
            default:
              this.unget();
              this.state = S_TEXT;
              this.xmlDeclPossible = false;
          }
        }
        sDoctype() {
          var _a2;
          const c = this.captureTo(DOCTYPE_TERMINATOR);
          switch (c) {
            case GREATER: {
              (_a2 = this.doctypeHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, this.text);
              this.text = "";
              this.state = S_TEXT;
              this.doctype = true;
              break;
            }
            case EOC:
              break;
            default:
              this.text += String.fromCodePoint(c);
              if (c === OPEN_BRACKET) {
                this.state = S_DTD;
              } else if (isQuote(c)) {
                this.state = S_DOCTYPE_QUOTE;
                this.q = c;
              }
          }
        }
        sDoctypeQuote() {
          const q = this.q;
          if (this.captureToChar(q)) {
            this.text += String.fromCodePoint(q);
            this.q = null;
            this.state = S_DOCTYPE;
          }
        }
        sDTD() {
          const c = this.captureTo(DTD_TERMINATOR);
          if (c === EOC) {
            return;
          }
          this.text += String.fromCodePoint(c);
          if (c === CLOSE_BRACKET) {
            this.state = S_DOCTYPE;
          } else if (c === LESS) {
            this.state = S_DTD_OPEN_WAKA;
          } else if (isQuote(c)) {
            this.state = S_DTD_QUOTED;
            this.q = c;
          }
        }
        sDTDQuoted() {
          const q = this.q;
          if (this.captureToChar(q)) {
            this.text += String.fromCodePoint(q);
            this.state = S_DTD;
            this.q = null;
          }
        }
        sDTDOpenWaka() {
          const c = this.getCodeNorm();
          this.text += String.fromCodePoint(c);
          switch (c) {
            case BANG:
              this.state = S_DTD_OPEN_WAKA_BANG;
              this.openWakaBang = "";
              break;
            case QUESTION:
              this.state = S_DTD_PI;
              break;
            default:
              this.state = S_DTD;
          }
        }
        sDTDOpenWakaBang() {
          const char = String.fromCodePoint(this.getCodeNorm());
          const owb = this.openWakaBang += char;
          this.text += char;
          if (owb !== "-") {
            this.state = owb === "--" ? S_DTD_COMMENT : S_DTD;
            this.openWakaBang = "";
          }
        }
        sDTDComment() {
          if (this.captureToChar(MINUS)) {
            this.text += "-";
            this.state = S_DTD_COMMENT_ENDING;
          }
        }
        sDTDCommentEnding() {
          const c = this.getCodeNorm();
          this.text += String.fromCodePoint(c);
          this.state = c === MINUS ? S_DTD_COMMENT_ENDED : S_DTD_COMMENT;
        }
        sDTDCommentEnded() {
          const c = this.getCodeNorm();
          this.text += String.fromCodePoint(c);
          if (c === GREATER) {
            this.state = S_DTD;
          } else {
            this.fail("malformed comment.");
            this.state = S_DTD_COMMENT;
          }
        }
        sDTDPI() {
          if (this.captureToChar(QUESTION)) {
            this.text += "?";
            this.state = S_DTD_PI_ENDING;
          }
        }
        sDTDPIEnding() {
          const c = this.getCodeNorm();
          this.text += String.fromCodePoint(c);
          if (c === GREATER) {
            this.state = S_DTD;
          }
        }
        sText() {
          if (this.tags.length !== 0) {
            this.handleTextInRoot();
          } else {
            this.handleTextOutsideRoot();
          }
        }
        sEntity() {
          let { i: start } = this;
          const { chunk } = this;
          loop:
            while (true) {
              switch (this.getCode()) {
                case NL_LIKE:
                  this.entity += `${chunk.slice(start, this.prevI)}
`;
                  start = this.i;
                  break;
                case SEMICOLON: {
                  const { entityReturnState } = this;
                  const entity = this.entity + chunk.slice(start, this.prevI);
                  this.state = entityReturnState;
                  let parsed;
                  if (entity === "") {
                    this.fail("empty entity name.");
                    parsed = "&;";
                  } else {
                    parsed = this.parseEntity(entity);
                    this.entity = "";
                  }
                  if (entityReturnState !== S_TEXT || this.textHandler !== void 0) {
                    this.text += parsed;
                  }
                  break loop;
                }
                case EOC:
                  this.entity += chunk.slice(start);
                  break loop;
                default:
              }
            }
        }
        sOpenWaka() {
          const c = this.getCode();
          if (isNameStartChar(c)) {
            this.state = S_OPEN_TAG;
            this.unget();
            this.xmlDeclPossible = false;
          } else {
            switch (c) {
              case FORWARD_SLASH:
                this.state = S_CLOSE_TAG;
                this.xmlDeclPossible = false;
                break;
              case BANG:
                this.state = S_OPEN_WAKA_BANG;
                this.openWakaBang = "";
                this.xmlDeclPossible = false;
                break;
              case QUESTION:
                this.state = S_PI_FIRST_CHAR;
                break;
              default:
                this.fail("disallowed character in tag name");
                this.state = S_TEXT;
                this.xmlDeclPossible = false;
            }
          }
        }
        sOpenWakaBang() {
          this.openWakaBang += String.fromCodePoint(this.getCodeNorm());
          switch (this.openWakaBang) {
            case "[CDATA[":
              if (!this.sawRoot && !this.reportedTextBeforeRoot) {
                this.fail("text data outside of root node.");
                this.reportedTextBeforeRoot = true;
              }
              if (this.closedRoot && !this.reportedTextAfterRoot) {
                this.fail("text data outside of root node.");
                this.reportedTextAfterRoot = true;
              }
              this.state = S_CDATA;
              this.openWakaBang = "";
              break;
            case "--":
              this.state = S_COMMENT;
              this.openWakaBang = "";
              break;
            case "DOCTYPE":
              this.state = S_DOCTYPE;
              if (this.doctype || this.sawRoot) {
                this.fail("inappropriately located doctype declaration.");
              }
              this.openWakaBang = "";
              break;
            default:
              if (this.openWakaBang.length >= 7) {
                this.fail("incorrect syntax.");
              }
          }
        }
        sComment() {
          if (this.captureToChar(MINUS)) {
            this.state = S_COMMENT_ENDING;
          }
        }
        sCommentEnding() {
          var _a2;
          const c = this.getCodeNorm();
          if (c === MINUS) {
            this.state = S_COMMENT_ENDED;
            (_a2 = this.commentHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, this.text);
            this.text = "";
          } else {
            this.text += `-${String.fromCodePoint(c)}`;
            this.state = S_COMMENT;
          }
        }
        sCommentEnded() {
          const c = this.getCodeNorm();
          if (c !== GREATER) {
            this.fail("malformed comment.");
            this.text += `--${String.fromCodePoint(c)}`;
            this.state = S_COMMENT;
          } else {
            this.state = S_TEXT;
          }
        }
        sCData() {
          if (this.captureToChar(CLOSE_BRACKET)) {
            this.state = S_CDATA_ENDING;
          }
        }
        sCDataEnding() {
          const c = this.getCodeNorm();
          if (c === CLOSE_BRACKET) {
            this.state = S_CDATA_ENDING_2;
          } else {
            this.text += `]${String.fromCodePoint(c)}`;
            this.state = S_CDATA;
          }
        }
        sCDataEnding2() {
          var _a2;
          const c = this.getCodeNorm();
          switch (c) {
            case GREATER: {
              (_a2 = this.cdataHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, this.text);
              this.text = "";
              this.state = S_TEXT;
              break;
            }
            case CLOSE_BRACKET:
              this.text += "]";
              break;
            default:
              this.text += `]]${String.fromCodePoint(c)}`;
              this.state = S_CDATA;
          }
        }
        // We need this separate state to check the first character fo the pi target
        // with this.nameStartCheck which allows less characters than this.nameCheck.
        sPIFirstChar() {
          const c = this.getCodeNorm();
          if (this.nameStartCheck(c)) {
            this.piTarget += String.fromCodePoint(c);
            this.state = S_PI_REST;
          } else if (c === QUESTION || isS(c)) {
            this.fail("processing instruction without a target.");
            this.state = c === QUESTION ? S_PI_ENDING : S_PI_BODY;
          } else {
            this.fail("disallowed character in processing instruction name.");
            this.piTarget += String.fromCodePoint(c);
            this.state = S_PI_REST;
          }
        }
        sPIRest() {
          const { chunk, i: start } = this;
          while (true) {
            const c = this.getCodeNorm();
            if (c === EOC) {
              this.piTarget += chunk.slice(start);
              return;
            }
            if (!this.nameCheck(c)) {
              this.piTarget += chunk.slice(start, this.prevI);
              const isQuestion = c === QUESTION;
              if (isQuestion || isS(c)) {
                if (this.piTarget === "xml") {
                  if (!this.xmlDeclPossible) {
                    this.fail("an XML declaration must be at the start of the document.");
                  }
                  this.state = isQuestion ? S_XML_DECL_ENDING : S_XML_DECL_NAME_START;
                } else {
                  this.state = isQuestion ? S_PI_ENDING : S_PI_BODY;
                }
              } else {
                this.fail("disallowed character in processing instruction name.");
                this.piTarget += String.fromCodePoint(c);
              }
              break;
            }
          }
        }
        sPIBody() {
          if (this.text.length === 0) {
            const c = this.getCodeNorm();
            if (c === QUESTION) {
              this.state = S_PI_ENDING;
            } else if (!isS(c)) {
              this.text = String.fromCodePoint(c);
            }
          } else if (this.captureToChar(QUESTION)) {
            this.state = S_PI_ENDING;
          }
        }
        sPIEnding() {
          var _a2;
          const c = this.getCodeNorm();
          if (c === GREATER) {
            const { piTarget } = this;
            if (piTarget.toLowerCase() === "xml") {
              this.fail("the XML declaration must appear at the start of the document.");
            }
            (_a2 = this.piHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, {
              target: piTarget,
              body: this.text
            });
            this.piTarget = this.text = "";
            this.state = S_TEXT;
          } else if (c === QUESTION) {
            this.text += "?";
          } else {
            this.text += `?${String.fromCodePoint(c)}`;
            this.state = S_PI_BODY;
          }
          this.xmlDeclPossible = false;
        }
        sXMLDeclNameStart() {
          const c = this.skipSpaces();
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            return;
          }
          if (c !== EOC) {
            this.state = S_XML_DECL_NAME;
            this.name = String.fromCodePoint(c);
          }
        }
        sXMLDeclName() {
          const c = this.captureTo(XML_DECL_NAME_TERMINATOR);
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.name += this.text;
            this.text = "";
            this.fail("XML declaration is incomplete.");
            return;
          }
          if (!(isS(c) || c === EQUAL)) {
            return;
          }
          this.name += this.text;
          this.text = "";
          if (!this.xmlDeclExpects.includes(this.name)) {
            switch (this.name.length) {
              case 0:
                this.fail("did not expect any more name/value pairs.");
                break;
              case 1:
                this.fail(`expected the name ${this.xmlDeclExpects[0]}.`);
                break;
              default:
                this.fail(`expected one of ${this.xmlDeclExpects.join(", ")}`);
            }
          }
          this.state = c === EQUAL ? S_XML_DECL_VALUE_START : S_XML_DECL_EQ;
        }
        sXMLDeclEq() {
          const c = this.getCodeNorm();
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.fail("XML declaration is incomplete.");
            return;
          }
          if (isS(c)) {
            return;
          }
          if (c !== EQUAL) {
            this.fail("value required.");
          }
          this.state = S_XML_DECL_VALUE_START;
        }
        sXMLDeclValueStart() {
          const c = this.getCodeNorm();
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.fail("XML declaration is incomplete.");
            return;
          }
          if (isS(c)) {
            return;
          }
          if (!isQuote(c)) {
            this.fail("value must be quoted.");
            this.q = SPACE;
          } else {
            this.q = c;
          }
          this.state = S_XML_DECL_VALUE;
        }
        sXMLDeclValue() {
          const c = this.captureTo([this.q, QUESTION]);
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            this.text = "";
            this.fail("XML declaration is incomplete.");
            return;
          }
          if (c === EOC) {
            return;
          }
          const value = this.text;
          this.text = "";
          switch (this.name) {
            case "version": {
              this.xmlDeclExpects = ["encoding", "standalone"];
              const version = value;
              this.xmlDecl.version = version;
              if (!/^1\.[0-9]+$/.test(version)) {
                this.fail("version number must match /^1\\.[0-9]+$/.");
              } else if (!this.opt.forceXMLVersion) {
                this.setXMLVersion(version);
              }
              break;
            }
            case "encoding":
              if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) {
                this.fail("encoding value must match /^[A-Za-z0-9][A-Za-z0-9._-]*$/.");
              }
              this.xmlDeclExpects = ["standalone"];
              this.xmlDecl.encoding = value;
              break;
            case "standalone":
              if (value !== "yes" && value !== "no") {
                this.fail('standalone value must match "yes" or "no".');
              }
              this.xmlDeclExpects = [];
              this.xmlDecl.standalone = value;
              break;
            default:
          }
          this.name = "";
          this.state = S_XML_DECL_SEPARATOR;
        }
        sXMLDeclSeparator() {
          const c = this.getCodeNorm();
          if (c === QUESTION) {
            this.state = S_XML_DECL_ENDING;
            return;
          }
          if (!isS(c)) {
            this.fail("whitespace required.");
            this.unget();
          }
          this.state = S_XML_DECL_NAME_START;
        }
        sXMLDeclEnding() {
          var _a2;
          const c = this.getCodeNorm();
          if (c === GREATER) {
            if (this.piTarget !== "xml") {
              this.fail("processing instructions are not allowed before root.");
            } else if (this.name !== "version" && this.xmlDeclExpects.includes("version")) {
              this.fail("XML declaration must contain a version.");
            }
            (_a2 = this.xmldeclHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, this.xmlDecl);
            this.name = "";
            this.piTarget = this.text = "";
            this.state = S_TEXT;
          } else {
            this.fail("The character ? is disallowed anywhere in XML declarations.");
          }
          this.xmlDeclPossible = false;
        }
        sOpenTag() {
          var _a2;
          const c = this.captureNameChars();
          if (c === EOC) {
            return;
          }
          const tag = this.tag = {
            name: this.name,
            attributes: /* @__PURE__ */ Object.create(null)
          };
          this.name = "";
          if (this.xmlnsOpt) {
            this.topNS = tag.ns = /* @__PURE__ */ Object.create(null);
          }
          (_a2 = this.openTagStartHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, tag);
          this.sawRoot = true;
          if (!this.fragmentOpt && this.closedRoot) {
            this.fail("documents may contain only one root.");
          }
          switch (c) {
            case GREATER:
              this.openTag();
              break;
            case FORWARD_SLASH:
              this.state = S_OPEN_TAG_SLASH;
              break;
            default:
              if (!isS(c)) {
                this.fail("disallowed character in tag name.");
              }
              this.state = S_ATTRIB;
          }
        }
        sOpenTagSlash() {
          if (this.getCode() === GREATER) {
            this.openSelfClosingTag();
          } else {
            this.fail("forward-slash in opening tag not followed by >.");
            this.state = S_ATTRIB;
          }
        }
        sAttrib() {
          const c = this.skipSpaces();
          if (c === EOC) {
            return;
          }
          if (isNameStartChar(c)) {
            this.unget();
            this.state = S_ATTRIB_NAME;
          } else if (c === GREATER) {
            this.openTag();
          } else if (c === FORWARD_SLASH) {
            this.state = S_OPEN_TAG_SLASH;
          } else {
            this.fail("disallowed character in attribute name.");
          }
        }
        sAttribName() {
          const c = this.captureNameChars();
          if (c === EQUAL) {
            this.state = S_ATTRIB_VALUE;
          } else if (isS(c)) {
            this.state = S_ATTRIB_NAME_SAW_WHITE;
          } else if (c === GREATER) {
            this.fail("attribute without value.");
            this.pushAttrib(this.name, this.name);
            this.name = this.text = "";
            this.openTag();
          } else if (c !== EOC) {
            this.fail("disallowed character in attribute name.");
          }
        }
        sAttribNameSawWhite() {
          const c = this.skipSpaces();
          switch (c) {
            case EOC:
              return;
            case EQUAL:
              this.state = S_ATTRIB_VALUE;
              break;
            default:
              this.fail("attribute without value.");
              this.text = "";
              this.name = "";
              if (c === GREATER) {
                this.openTag();
              } else if (isNameStartChar(c)) {
                this.unget();
                this.state = S_ATTRIB_NAME;
              } else {
                this.fail("disallowed character in attribute name.");
                this.state = S_ATTRIB;
              }
          }
        }
        sAttribValue() {
          const c = this.getCodeNorm();
          if (isQuote(c)) {
            this.q = c;
            this.state = S_ATTRIB_VALUE_QUOTED;
          } else if (!isS(c)) {
            this.fail("unquoted attribute value.");
            this.state = S_ATTRIB_VALUE_UNQUOTED;
            this.unget();
          }
        }
        sAttribValueQuoted() {
          const { q, chunk } = this;
          let { i: start } = this;
          while (true) {
            switch (this.getCode()) {
              case q:
                this.pushAttrib(this.name, this.text + chunk.slice(start, this.prevI));
                this.name = this.text = "";
                this.q = null;
                this.state = S_ATTRIB_VALUE_CLOSED;
                return;
              case AMP:
                this.text += chunk.slice(start, this.prevI);
                this.state = S_ENTITY;
                this.entityReturnState = S_ATTRIB_VALUE_QUOTED;
                return;
              case NL:
              case NL_LIKE:
              case TAB:
                this.text += `${chunk.slice(start, this.prevI)} `;
                start = this.i;
                break;
              case LESS:
                this.text += chunk.slice(start, this.prevI);
                this.fail("disallowed character.");
                return;
              case EOC:
                this.text += chunk.slice(start);
                return;
              default:
            }
          }
        }
        sAttribValueClosed() {
          const c = this.getCodeNorm();
          if (isS(c)) {
            this.state = S_ATTRIB;
          } else if (c === GREATER) {
            this.openTag();
          } else if (c === FORWARD_SLASH) {
            this.state = S_OPEN_TAG_SLASH;
          } else if (isNameStartChar(c)) {
            this.fail("no whitespace between attributes.");
            this.unget();
            this.state = S_ATTRIB_NAME;
          } else {
            this.fail("disallowed character in attribute name.");
          }
        }
        sAttribValueUnquoted() {
          const c = this.captureTo(ATTRIB_VALUE_UNQUOTED_TERMINATOR);
          switch (c) {
            case AMP:
              this.state = S_ENTITY;
              this.entityReturnState = S_ATTRIB_VALUE_UNQUOTED;
              break;
            case LESS:
              this.fail("disallowed character.");
              break;
            case EOC:
              break;
            default:
              if (this.text.includes("]]>")) {
                this.fail('the string "]]>" is disallowed in char data.');
              }
              this.pushAttrib(this.name, this.text);
              this.name = this.text = "";
              if (c === GREATER) {
                this.openTag();
              } else {
                this.state = S_ATTRIB;
              }
          }
        }
        sCloseTag() {
          const c = this.captureNameChars();
          if (c === GREATER) {
            this.closeTag();
          } else if (isS(c)) {
            this.state = S_CLOSE_TAG_SAW_WHITE;
          } else if (c !== EOC) {
            this.fail("disallowed character in closing tag.");
          }
        }
        sCloseTagSawWhite() {
          switch (this.skipSpaces()) {
            case GREATER:
              this.closeTag();
              break;
            case EOC:
              break;
            default:
              this.fail("disallowed character in closing tag.");
          }
        }
        // END OF STATE ENGINE METHODS
        handleTextInRoot() {
          let { i: start, forbiddenState } = this;
          const { chunk, textHandler: handler } = this;
          scanLoop:
            while (true) {
              switch (this.getCode()) {
                case LESS: {
                  this.state = S_OPEN_WAKA;
                  if (handler !== void 0) {
                    const { text } = this;
                    const slice = chunk.slice(start, this.prevI);
                    if (text.length !== 0) {
                      handler(text + slice);
                      this.text = "";
                    } else if (slice.length !== 0) {
                      handler(slice);
                    }
                  }
                  forbiddenState = FORBIDDEN_START;
                  break scanLoop;
                }
                case AMP:
                  this.state = S_ENTITY;
                  this.entityReturnState = S_TEXT;
                  if (handler !== void 0) {
                    this.text += chunk.slice(start, this.prevI);
                  }
                  forbiddenState = FORBIDDEN_START;
                  break scanLoop;
                case CLOSE_BRACKET:
                  switch (forbiddenState) {
                    case FORBIDDEN_START:
                      forbiddenState = FORBIDDEN_BRACKET;
                      break;
                    case FORBIDDEN_BRACKET:
                      forbiddenState = FORBIDDEN_BRACKET_BRACKET;
                      break;
                    case FORBIDDEN_BRACKET_BRACKET:
                      break;
                    default:
                      throw new Error("impossible state");
                  }
                  break;
                case GREATER:
                  if (forbiddenState === FORBIDDEN_BRACKET_BRACKET) {
                    this.fail('the string "]]>" is disallowed in char data.');
                  }
                  forbiddenState = FORBIDDEN_START;
                  break;
                case NL_LIKE:
                  if (handler !== void 0) {
                    this.text += `${chunk.slice(start, this.prevI)}
`;
                  }
                  start = this.i;
                  forbiddenState = FORBIDDEN_START;
                  break;
                case EOC:
                  if (handler !== void 0) {
                    this.text += chunk.slice(start);
                  }
                  break scanLoop;
                default:
                  forbiddenState = FORBIDDEN_START;
              }
            }
          this.forbiddenState = forbiddenState;
        }
        handleTextOutsideRoot() {
          let { i: start } = this;
          const { chunk, textHandler: handler } = this;
          let nonSpace = false;
          outRootLoop:
            while (true) {
              const code = this.getCode();
              switch (code) {
                case LESS: {
                  this.state = S_OPEN_WAKA;
                  if (handler !== void 0) {
                    const { text } = this;
                    const slice = chunk.slice(start, this.prevI);
                    if (text.length !== 0) {
                      handler(text + slice);
                      this.text = "";
                    } else if (slice.length !== 0) {
                      handler(slice);
                    }
                  }
                  break outRootLoop;
                }
                case AMP:
                  this.state = S_ENTITY;
                  this.entityReturnState = S_TEXT;
                  if (handler !== void 0) {
                    this.text += chunk.slice(start, this.prevI);
                  }
                  nonSpace = true;
                  break outRootLoop;
                case NL_LIKE:
                  if (handler !== void 0) {
                    this.text += `${chunk.slice(start, this.prevI)}
`;
                  }
                  start = this.i;
                  break;
                case EOC:
                  if (handler !== void 0) {
                    this.text += chunk.slice(start);
                  }
                  break outRootLoop;
                default:
                  if (!isS(code)) {
                    nonSpace = true;
                  }
              }
            }
          if (!nonSpace) {
            return;
          }
          if (!this.sawRoot && !this.reportedTextBeforeRoot) {
            this.fail("text data outside of root node.");
            this.reportedTextBeforeRoot = true;
          }
          if (this.closedRoot && !this.reportedTextAfterRoot) {
            this.fail("text data outside of root node.");
            this.reportedTextAfterRoot = true;
          }
        }
        pushAttribNS(name, value) {
          var _a2;
          const { prefix, local } = this.qname(name);
          const attr = { name, prefix, local, value };
          this.attribList.push(attr);
          (_a2 = this.attributeHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, attr);
          if (prefix === "xmlns") {
            const trimmed = value.trim();
            if (this.currentXMLVersion === "1.0" && trimmed === "") {
              this.fail("invalid attempt to undefine prefix in XML 1.0");
            }
            this.topNS[local] = trimmed;
            nsPairCheck(this, local, trimmed);
          } else if (name === "xmlns") {
            const trimmed = value.trim();
            this.topNS[""] = trimmed;
            nsPairCheck(this, "", trimmed);
          }
        }
        pushAttribPlain(name, value) {
          var _a2;
          const attr = { name, value };
          this.attribList.push(attr);
          (_a2 = this.attributeHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, attr);
        }
        /**
         * End parsing. This performs final well-formedness checks and resets the
         * parser to a clean state.
         *
         * @returns this
         */
        end() {
          var _a2, _b;
          if (!this.sawRoot) {
            this.fail("document must contain a root element.");
          }
          const { tags } = this;
          while (tags.length > 0) {
            const tag = tags.pop();
            this.fail(`unclosed tag: ${tag.name}`);
          }
          if (this.state !== S_BEGIN && this.state !== S_TEXT) {
            this.fail("unexpected end.");
          }
          const { text } = this;
          if (text.length !== 0) {
            (_a2 = this.textHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, text);
            this.text = "";
          }
          this._closed = true;
          (_b = this.endHandler) === null || _b === void 0 ? void 0 : _b.call(this);
          this._init();
          return this;
        }
        /**
         * Resolve a namespace prefix.
         *
         * @param prefix The prefix to resolve.
         *
         * @returns The namespace URI or ``undefined`` if the prefix is not defined.
         */
        resolve(prefix) {
          var _a2, _b;
          let uri = this.topNS[prefix];
          if (uri !== void 0) {
            return uri;
          }
          const { tags } = this;
          for (let index = tags.length - 1; index >= 0; index--) {
            uri = tags[index].ns[prefix];
            if (uri !== void 0) {
              return uri;
            }
          }
          uri = this.ns[prefix];
          if (uri !== void 0) {
            return uri;
          }
          return (_b = (_a2 = this.opt).resolvePrefix) === null || _b === void 0 ? void 0 : _b.call(_a2, prefix);
        }
        /**
         * Parse a qname into its prefix and local name parts.
         *
         * @param name The name to parse
         *
         * @returns
         */
        qname(name) {
          const colon = name.indexOf(":");
          if (colon === -1) {
            return { prefix: "", local: name };
          }
          const local = name.slice(colon + 1);
          const prefix = name.slice(0, colon);
          if (prefix === "" || local === "" || local.includes(":")) {
            this.fail(`malformed name: ${name}.`);
          }
          return { prefix, local };
        }
        processAttribsNS() {
          var _a2;
          const { attribList } = this;
          const tag = this.tag;
          {
            const { prefix, local } = this.qname(tag.name);
            tag.prefix = prefix;
            tag.local = local;
            const uri = tag.uri = (_a2 = this.resolve(prefix)) !== null && _a2 !== void 0 ? _a2 : "";
            if (prefix !== "") {
              if (prefix === "xmlns") {
                this.fail('tags may not have "xmlns" as prefix.');
              }
              if (uri === "") {
                this.fail(`unbound namespace prefix: ${JSON.stringify(prefix)}.`);
                tag.uri = prefix;
              }
            }
          }
          if (attribList.length === 0) {
            return;
          }
          const { attributes: attributes2 } = tag;
          const seen = /* @__PURE__ */ new Set();
          for (const attr of attribList) {
            const { name, prefix, local } = attr;
            let uri;
            let eqname;
            if (prefix === "") {
              uri = name === "xmlns" ? XMLNS_NAMESPACE : "";
              eqname = name;
            } else {
              uri = this.resolve(prefix);
              if (uri === void 0) {
                this.fail(`unbound namespace prefix: ${JSON.stringify(prefix)}.`);
                uri = prefix;
              }
              eqname = `{${uri}}${local}`;
            }
            if (seen.has(eqname)) {
              this.fail(`duplicate attribute: ${eqname}.`);
            }
            seen.add(eqname);
            attr.uri = uri;
            attributes2[name] = attr;
          }
          this.attribList = [];
        }
        processAttribsPlain() {
          const { attribList } = this;
          const attributes2 = this.tag.attributes;
          for (const { name, value } of attribList) {
            if (attributes2[name] !== void 0) {
              this.fail(`duplicate attribute: ${name}.`);
            }
            attributes2[name] = value;
          }
          this.attribList = [];
        }
        /**
         * Handle a complete open tag. This parser code calls this once it has seen
         * the whole tag. This method checks for well-formeness and then emits
         * ``onopentag``.
         */
        openTag() {
          var _a2;
          this.processAttribs();
          const { tags } = this;
          const tag = this.tag;
          tag.isSelfClosing = false;
          (_a2 = this.openTagHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, tag);
          tags.push(tag);
          this.state = S_TEXT;
          this.name = "";
        }
        /**
         * Handle a complete self-closing tag. This parser code calls this once it has
         * seen the whole tag. This method checks for well-formeness and then emits
         * ``onopentag`` and ``onclosetag``.
         */
        openSelfClosingTag() {
          var _a2, _b, _c;
          this.processAttribs();
          const { tags } = this;
          const tag = this.tag;
          tag.isSelfClosing = true;
          (_a2 = this.openTagHandler) === null || _a2 === void 0 ? void 0 : _a2.call(this, tag);
          (_b = this.closeTagHandler) === null || _b === void 0 ? void 0 : _b.call(this, tag);
          const top = this.tag = (_c = tags[tags.length - 1]) !== null && _c !== void 0 ? _c : null;
          if (top === null) {
            this.closedRoot = true;
          }
          this.state = S_TEXT;
          this.name = "";
        }
        /**
         * Handle a complete close tag. This parser code calls this once it has seen
         * the whole tag. This method checks for well-formeness and then emits
         * ``onclosetag``.
         */
        closeTag() {
          const { tags, name } = this;
          this.state = S_TEXT;
          this.name = "";
          if (name === "") {
            this.fail("weird empty close tag.");
            this.text += "</>";
            return;
          }
          const handler = this.closeTagHandler;
          let l = tags.length;
          while (l-- > 0) {
            const tag = this.tag = tags.pop();
            this.topNS = tag.ns;
            handler === null || handler === void 0 ? void 0 : handler(tag);
            if (tag.name === name) {
              break;
            }
            this.fail("unexpected close tag.");
          }
          if (l === 0) {
            this.closedRoot = true;
          } else if (l < 0) {
            this.fail(`unmatched closing tag: ${name}.`);
            this.text += `</${name}>`;
          }
        }
        /**
         * Resolves an entity. Makes any necessary well-formedness checks.
         *
         * @param entity The entity to resolve.
         *
         * @returns The parsed entity.
         */
        parseEntity(entity) {
          if (entity[0] !== "#") {
            const defined = this.ENTITIES[entity];
            if (defined !== void 0) {
              return defined;
            }
            this.fail(this.isName(entity) ? "undefined entity." : "disallowed character in entity name.");
            return `&${entity};`;
          }
          let num = NaN;
          if (entity[1] === "x" && /^#x[0-9a-f]+$/i.test(entity)) {
            num = parseInt(entity.slice(2), 16);
          } else if (/^#[0-9]+$/.test(entity)) {
            num = parseInt(entity.slice(1), 10);
          }
          if (!this.isChar(num)) {
            this.fail("malformed character entity.");
            return `&${entity};`;
          }
          return String.fromCodePoint(num);
        }
      }
      exports2.wT = SaxesParser;
    })
  ),
  /***/
  6950: (
    /***/
    ((__unused_webpack_module, exports2) => {
      /**
       * Character classes and associated utilities for the 5th edition of XML 1.0.
       *
       * @author Louis-Dominique Dubeau
       * @license MIT
       * @copyright Louis-Dominique Dubeau
       */
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.CHAR = "	\n\r -\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}";
      exports2.S = " 	\r\n";
      exports2.NAME_START_CHAR = ":A-Z_a-z\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
      exports2.NAME_CHAR = "-" + exports2.NAME_START_CHAR + ".0-9\xB7\u0300-\u036F\u203F-\u2040";
      exports2.CHAR_RE = new RegExp("^[" + exports2.CHAR + "]$", "u");
      exports2.S_RE = new RegExp("^[" + exports2.S + "]+$", "u");
      exports2.NAME_START_CHAR_RE = new RegExp("^[" + exports2.NAME_START_CHAR + "]$", "u");
      exports2.NAME_CHAR_RE = new RegExp("^[" + exports2.NAME_CHAR + "]$", "u");
      exports2.NAME_RE = new RegExp("^[" + exports2.NAME_START_CHAR + "][" + exports2.NAME_CHAR + "]*$", "u");
      exports2.NMTOKEN_RE = new RegExp("^[" + exports2.NAME_CHAR + "]+$", "u");
      var TAB = 9;
      var NL = 10;
      var CR = 13;
      var SPACE = 32;
      exports2.S_LIST = [SPACE, NL, CR, TAB];
      function isChar(c) {
        return c >= SPACE && c <= 55295 || c === NL || c === CR || c === TAB || c >= 57344 && c <= 65533 || c >= 65536 && c <= 1114111;
      }
      exports2.isChar = isChar;
      function isS(c) {
        return c === SPACE || c === NL || c === CR || c === TAB;
      }
      exports2.isS = isS;
      function isNameStartChar(c) {
        return c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 58 || c === 95 || c === 8204 || c === 8205 || c >= 192 && c <= 214 || c >= 216 && c <= 246 || c >= 248 && c <= 767 || c >= 880 && c <= 893 || c >= 895 && c <= 8191 || c >= 8304 && c <= 8591 || c >= 11264 && c <= 12271 || c >= 12289 && c <= 55295 || c >= 63744 && c <= 64975 || c >= 65008 && c <= 65533 || c >= 65536 && c <= 983039;
      }
      exports2.isNameStartChar = isNameStartChar;
      function isNameChar(c) {
        return isNameStartChar(c) || c >= 48 && c <= 57 || c === 45 || c === 46 || c === 183 || c >= 768 && c <= 879 || c >= 8255 && c <= 8256;
      }
      exports2.isNameChar = isNameChar;
    })
  ),
  /***/
  4488: (
    /***/
    ((__unused_webpack_module, exports2) => {
      /**
       * Character classes and associated utilities for the 2nd edition of XML 1.1.
       *
       * @author Louis-Dominique Dubeau
       * @license MIT
       * @copyright Louis-Dominique Dubeau
       */
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.CHAR = "-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}";
      exports2.RESTRICTED_CHAR = "-\b\v\f-\x7F-\x84\x86-\x9F";
      exports2.S = " 	\r\n";
      exports2.NAME_START_CHAR = ":A-Z_a-z\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
      exports2.NAME_CHAR = "-" + exports2.NAME_START_CHAR + ".0-9\xB7\u0300-\u036F\u203F-\u2040";
      exports2.CHAR_RE = new RegExp("^[" + exports2.CHAR + "]$", "u");
      exports2.RESTRICTED_CHAR_RE = new RegExp("^[" + exports2.RESTRICTED_CHAR + "]$", "u");
      exports2.S_RE = new RegExp("^[" + exports2.S + "]+$", "u");
      exports2.NAME_START_CHAR_RE = new RegExp("^[" + exports2.NAME_START_CHAR + "]$", "u");
      exports2.NAME_CHAR_RE = new RegExp("^[" + exports2.NAME_CHAR + "]$", "u");
      exports2.NAME_RE = new RegExp("^[" + exports2.NAME_START_CHAR + "][" + exports2.NAME_CHAR + "]*$", "u");
      exports2.NMTOKEN_RE = new RegExp("^[" + exports2.NAME_CHAR + "]+$", "u");
      var TAB = 9;
      var NL = 10;
      var CR = 13;
      var SPACE = 32;
      exports2.S_LIST = [SPACE, NL, CR, TAB];
      function isChar(c) {
        return c >= 1 && c <= 55295 || c >= 57344 && c <= 65533 || c >= 65536 && c <= 1114111;
      }
      exports2.isChar = isChar;
      function isRestrictedChar(c) {
        return c >= 1 && c <= 8 || c === 11 || c === 12 || c >= 14 && c <= 31 || c >= 127 && c <= 132 || c >= 134 && c <= 159;
      }
      exports2.isRestrictedChar = isRestrictedChar;
      function isCharAndNotRestricted(c) {
        return c === 9 || c === 10 || c === 13 || c > 31 && c < 127 || c === 133 || c > 159 && c <= 55295 || c >= 57344 && c <= 65533 || c >= 65536 && c <= 1114111;
      }
      exports2.isCharAndNotRestricted = isCharAndNotRestricted;
      function isS(c) {
        return c === SPACE || c === NL || c === CR || c === TAB;
      }
      exports2.isS = isS;
      function isNameStartChar(c) {
        return c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 58 || c === 95 || c === 8204 || c === 8205 || c >= 192 && c <= 214 || c >= 216 && c <= 246 || c >= 248 && c <= 767 || c >= 880 && c <= 893 || c >= 895 && c <= 8191 || c >= 8304 && c <= 8591 || c >= 11264 && c <= 12271 || c >= 12289 && c <= 55295 || c >= 63744 && c <= 64975 || c >= 65008 && c <= 65533 || c >= 65536 && c <= 983039;
      }
      exports2.isNameStartChar = isNameStartChar;
      function isNameChar(c) {
        return isNameStartChar(c) || c >= 48 && c <= 57 || c === 45 || c === 46 || c === 183 || c >= 768 && c <= 879 || c >= 8255 && c <= 8256;
      }
      exports2.isNameChar = isNameChar;
    })
  ),
  /***/
  5699: (
    /***/
    ((__unused_webpack_module, exports2) => {
      /**
       * Character class utilities for XML NS 1.0 edition 3.
       *
       * @author Louis-Dominique Dubeau
       * @license MIT
       * @copyright Louis-Dominique Dubeau
       */
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.NC_NAME_START_CHAR = "A-Z_a-z\xC0-\xD6\xD8-\xF6\xF8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}";
      exports2.NC_NAME_CHAR = "-" + exports2.NC_NAME_START_CHAR + ".0-9\xB7\u0300-\u036F\u203F-\u2040";
      exports2.NC_NAME_START_CHAR_RE = new RegExp("^[" + exports2.NC_NAME_START_CHAR + "]$", "u");
      exports2.NC_NAME_CHAR_RE = new RegExp("^[" + exports2.NC_NAME_CHAR + "]$", "u");
      exports2.NC_NAME_RE = new RegExp("^[" + exports2.NC_NAME_START_CHAR + "][" + exports2.NC_NAME_CHAR + "]*$", "u");
      function isNCNameStartChar(c) {
        return c >= 65 && c <= 90 || c === 95 || c >= 97 && c <= 122 || c >= 192 && c <= 214 || c >= 216 && c <= 246 || c >= 248 && c <= 767 || c >= 880 && c <= 893 || c >= 895 && c <= 8191 || c >= 8204 && c <= 8205 || c >= 8304 && c <= 8591 || c >= 11264 && c <= 12271 || c >= 12289 && c <= 55295 || c >= 63744 && c <= 64975 || c >= 65008 && c <= 65533 || c >= 65536 && c <= 983039;
      }
      exports2.isNCNameStartChar = isNCNameStartChar;
      function isNCNameChar(c) {
        return isNCNameStartChar(c) || (c === 45 || c === 46 || c >= 48 && c <= 57 || c === 183 || c >= 768 && c <= 879 || c >= 8255 && c <= 8256);
      }
      exports2.isNCNameChar = isNCNameChar;
    })
  ),
  /***/
  4352: (
    /***/
    ((module2, __unused_webpack_exports, __nccwpck_require__2) => {
      const { normalizeIPv6, removeDotSegments, removeDotSegmentsRelative, recomposeAuthority, normalizePercentEncoding, normalizePathEncoding, serializePathEncoding, normalizeQueryFragmentEncoding, encodeQuery, encodeFragment, reescapeHostDelimiters, isIPv4, nonSimpleDomain } = __nccwpck_require__2(5077);
      const { SCHEMES, getSchemeHandler } = __nccwpck_require__2(5300);
      const VALID_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u;
      const MALFORMED_SCHEME_ERROR = "URI scheme is malformed.";
      const MALFORMED_HOST_ERROR = "URI host is malformed.";
      const FORBIDDEN_DOMAIN_HOST_CHARACTER = /[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/u;
      function validateScheme(scheme) {
        const stringScheme = String(scheme);
        if (!VALID_SCHEME.test(stringScheme)) {
          throw new TypeError(MALFORMED_SCHEME_ERROR);
        }
        return stringScheme;
      }
      function normalize(uri, options) {
        if (typeof uri === "string") {
          uri = /** @type {T} */
          normalizeString(uri, options);
        } else if (typeof uri === "object") {
          uri = /** @type {T} */
          parse(serialize(uri, options), options);
        }
        return uri;
      }
      function resolve2(baseURI, relativeURI, options) {
        const schemelessOptions = options ? Object.assign({ scheme: "null" }, options) : { scheme: "null" };
        const {
          parsed: baseParsed,
          malformedAuthorityOrPort: baseMalformed,
          malformedPercentEncoding: baseMalformedPercentEncoding,
          malformedSchemeSpecific: baseMalformedSchemeSpecific,
          malformedHost: baseMalformedHost,
          malformedScheme: baseMalformedScheme
        } = parseWithStatus(baseURI, schemelessOptions);
        const {
          parsed: relativeParsed,
          malformedAuthorityOrPort: relativeMalformed,
          malformedPercentEncoding: relativeMalformedPercentEncoding,
          malformedSchemeSpecific: relativeMalformedSchemeSpecific,
          malformedHost: relativeMalformedHost,
          malformedScheme: relativeMalformedScheme
        } = parseWithStatus(relativeURI, schemelessOptions);
        if (baseMalformed || relativeMalformed || baseMalformedPercentEncoding || relativeMalformedPercentEncoding || baseMalformedSchemeSpecific || relativeMalformedSchemeSpecific || baseMalformedHost || relativeMalformedHost || baseMalformedScheme || relativeMalformedScheme) {
          throw new Error(baseParsed.error || relativeParsed.error || "URI is malformed.");
        }
        const resolved = resolveComponent(baseParsed, relativeParsed, schemelessOptions, true);
        const resolvedSchemeHandler = getSchemeHandler(options && options.scheme || resolved.scheme);
        const resolvedHost = resolved.host;
        const resolvedHostIsIP = resolvedHost !== void 0 && resolvedHost !== "" && (isIPv4(resolvedHost) || normalizeIPv6(resolvedHost).isIPV6);
        if (hasForbiddenDomainHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)) {
          throw new Error(MALFORMED_HOST_ERROR);
        }
        canonicalizeHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP);
        const encodedASCIIHost = resolvedHost && resolvedHost.indexOf("%") !== -1 && !new RegExp("\\P{ASCII}", "u").test(resolvedHost);
        if (resolved.error && !encodedASCIIHost) {
          throw new Error(resolved.error);
        }
        schemelessOptions.skipEscape = true;
        return serialize(resolved, schemelessOptions);
      }
      function resolveComponent(base, relative2, options, skipNormalization) {
        const target = {};
        if (!skipNormalization) {
          base = parse(serialize(base, options), options);
          relative2 = parse(serialize(relative2, options), options);
        }
        options = options || {};
        if (!options.tolerant && relative2.scheme) {
          target.scheme = relative2.scheme;
          target.userinfo = relative2.userinfo;
          target.host = relative2.host;
          target.port = relative2.port;
          target.path = removeDotSegments(relative2.path || "");
          target.query = relative2.query;
        } else {
          if (relative2.userinfo !== void 0 || relative2.host !== void 0 || relative2.port !== void 0) {
            target.userinfo = relative2.userinfo;
            target.host = relative2.host;
            target.port = relative2.port;
            target.path = removeDotSegments(relative2.path || "");
            target.query = relative2.query;
          } else {
            if (!relative2.path) {
              target.path = base.path;
              if (relative2.query !== void 0) {
                target.query = relative2.query;
              } else {
                target.query = base.query;
              }
            } else {
              if (relative2.path[0] === "/") {
                target.path = removeDotSegments(relative2.path);
              } else {
                const baseHasAuthority = base.userinfo !== void 0 || base.host !== void 0 || base.port !== void 0;
                if (baseHasAuthority && !base.path) {
                  target.path = "/" + relative2.path;
                } else if (!base.path) {
                  target.path = relative2.path;
                } else {
                  target.path = base.path.slice(0, base.path.lastIndexOf("/") + 1) + relative2.path;
                }
                target.path = base.scheme === void 0 && !baseHasAuthority && target.path[0] !== "/" ? removeDotSegmentsRelative(target.path) : removeDotSegments(target.path);
              }
              target.query = relative2.query;
            }
            target.userinfo = base.userinfo;
            target.host = base.host;
            target.port = base.port;
          }
          target.scheme = base.scheme;
        }
        target.fragment = relative2.fragment;
        return target;
      }
      function equal(uriA, uriB, options) {
        const normalizedA = normalizeComparableURI(uriA, options);
        const normalizedB = normalizeComparableURI(uriB, options);
        return normalizedA !== void 0 && normalizedB !== void 0 && normalizedA === normalizedB;
      }
      function serialize(cmpts, opts) {
        const component = {
          host: cmpts.host,
          scheme: cmpts.scheme,
          userinfo: cmpts.userinfo,
          port: cmpts.port,
          path: cmpts.path,
          query: cmpts.query,
          nid: cmpts.nid,
          nss: cmpts.nss,
          uuid: cmpts.uuid,
          fragment: cmpts.fragment,
          reference: cmpts.reference,
          resourceName: cmpts.resourceName,
          secure: cmpts.secure,
          error: ""
        };
        const options = Object.assign({}, opts);
        const uriTokens = [];
        if (component.scheme) {
          component.scheme = validateScheme(component.scheme);
        }
        const schemeHandler = getSchemeHandler(options.scheme || component.scheme);
        if (schemeHandler && schemeHandler.serialize) schemeHandler.serialize(component, options);
        const hasAuthority = component.userinfo !== void 0 || component.host !== void 0 || component.port !== void 0;
        const schemelessReference = (component.scheme === void 0 || options.reference === "suffix") && !hasAuthority;
        const pathNoScheme = !options.skipEscape && schemelessReference;
        if (component.path !== void 0) {
          if (!options.skipEscape) {
            component.path = serializePathEncoding(component.path, pathNoScheme);
          } else {
            component.path = normalizePercentEncoding(component.path);
          }
        }
        if (options.reference !== "suffix" && component.scheme) {
          component.scheme = validateScheme(component.scheme);
          uriTokens.push(component.scheme, ":");
        }
        const authority = recomposeAuthority(component);
        if (authority !== void 0) {
          if (options.reference !== "suffix") {
            uriTokens.push("//");
          }
          uriTokens.push(authority);
          if (component.path && component.path[0] !== "/") {
            uriTokens.push("/");
          }
        }
        if (component.path !== void 0) {
          let s = component.path;
          if (!options.absolutePath && (!schemeHandler || !schemeHandler.absolutePath)) {
            s = schemelessReference && s[0] !== "/" ? removeDotSegmentsRelative(s) : removeDotSegments(s);
          }
          if (schemelessReference) {
            s = serializePathEncoding(s, true);
          }
          if (authority === void 0 && s[0] === "/" && s[1] === "/") {
            s = "/%2F" + s.slice(2);
          }
          uriTokens.push(s);
        }
        if (component.query !== void 0) {
          uriTokens.push("?", encodeQuery(component.query));
        }
        if (component.fragment !== void 0) {
          uriTokens.push("#", encodeFragment(component.fragment));
        }
        return uriTokens.join("");
      }
      const URI_PARSE = /^(?:([^#/:?]+):)?(?:\/\/((?:([^#/?@]*)@)?(\[[^#/?\]]+\]|[^#/:?]*)(?::(\d*))?))?([^#?]*)(?:\?([^#]*))?(?:#((?:.|[\n\r])*))?/u;
      const AUTHORITY_PREFIX = /^(?:[^#/:?]+:)?\/\/([^/?#]*)/;
      const AUTHORITY_INTRODUCER_REGION = /^(?:[^#/:?]+:)?([/\\\t\n\r]*)/;
      function getParseError(parsed, matches) {
        if (matches[2] !== void 0 && parsed.path && parsed.path[0] !== "/") {
          return 'URI path must start with "/" when authority is present.';
        }
        if (typeof parsed.port === "number" && (parsed.port < 0 || parsed.port > 65535)) {
          return "URI port is malformed.";
        }
        return void 0;
      }
      function hasMalformedPercentEncoding(component) {
        if (component === void 0) return false;
        let percent2 = component.indexOf("%");
        while (percent2 !== -1) {
          if (percent2 + 2 >= component.length || !/^[\da-f]{2}$/iu.test(component.slice(percent2 + 1, percent2 + 3))) {
            return true;
          }
          percent2 = component.indexOf("%", percent2 + 3);
        }
        return false;
      }
      function isIPLiteral(host) {
        return host[0] === "[" && host[host.length - 1] === "]";
      }
      function hasMalformedComponentPercentEncoding(matches) {
        const host = matches[4];
        return hasMalformedPercentEncoding(matches[3]) || host !== void 0 && !isIPLiteral(host) && hasMalformedPercentEncoding(host) || hasMalformedPercentEncoding(matches[6]) || hasMalformedPercentEncoding(matches[7]) || hasMalformedPercentEncoding(matches[8]);
      }
      function canonicalizeHost(parsed, options, schemeHandler, isIP) {
        if (hasForbiddenDomainHost(parsed, options, schemeHandler, isIP)) {
          parsed.error = parsed.error || MALFORMED_HOST_ERROR;
          return true;
        }
        if (!options.unicodeSupport && (!schemeHandler || !schemeHandler.unicodeSupport) && parsed.host && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && isIP === false && nonSimpleDomain(parsed.host)) {
          let url;
          try {
            url = new URL("http://" + parsed.host);
          } catch (e) {
            parsed.error = parsed.error || "Host's domain name can not be converted to ASCII: " + e;
            return true;
          }
          if (!isHostOnlyURL(url)) {
            parsed.error = parsed.error || MALFORMED_HOST_ERROR;
            return true;
          }
          parsed.host = url.hostname;
        }
        return false;
      }
      function hasForbiddenDomainHost(parsed, options, schemeHandler, isIP) {
        return Boolean(
          parsed.host && isIP === false && !isIPLiteral(parsed.host) && (options.domainHost || schemeHandler && schemeHandler.domainHost) && FORBIDDEN_DOMAIN_HOST_CHARACTER.test(parsed.host)
        );
      }
      function isHostOnlyURL(url) {
        return url.username === "" && url.password === "" && url.port === "" && url.pathname === "/" && url.search === "" && url.hash === "" && url.hostname !== "";
      }
      function parseWithStatus(uri, opts) {
        const options = Object.assign({}, opts);
        const parsed = {
          scheme: void 0,
          userinfo: void 0,
          host: "",
          port: void 0,
          path: "",
          query: void 0,
          fragment: void 0
        };
        let malformedAuthorityOrPort = false;
        let malformedPercentEncoding = false;
        let malformedSchemeSpecific = false;
        let malformedHost = false;
        let malformedIPLiteral = false;
        let malformedScheme = false;
        let isIP = false;
        if (options.reference === "suffix") {
          if (options.scheme) {
            uri = options.scheme + ":" + uri;
          } else {
            uri = "//" + uri;
          }
        }
        const authorityMatch = uri.match(AUTHORITY_PREFIX);
        if (authorityMatch !== null && authorityMatch[1].indexOf("\\") !== -1) {
          parsed.error = "URI authority must not contain a literal backslash.";
          malformedAuthorityOrPort = true;
        }
        const introducerMatch = uri.match(AUTHORITY_INTRODUCER_REGION);
        if (introducerMatch !== null) {
          const region = introducerMatch[1];
          const normalizedRegion = region.replace(/[\t\n\r]/g, "");
          if (normalizedRegion.length >= 2) {
            if (normalizedRegion.slice(0, 2) !== "//") {
              parsed.error = parsed.error || "URI authority must not contain a literal backslash.";
              malformedAuthorityOrPort = true;
            } else if (region.length !== normalizedRegion.length) {
              parsed.error = parsed.error || "URI authority introducer must not contain whitespace.";
              malformedAuthorityOrPort = true;
            }
          }
        }
        const matches = uri.match(URI_PARSE);
        if (matches) {
          parsed.scheme = matches[1];
          parsed.userinfo = matches[3];
          parsed.host = matches[4];
          parsed.port = parseInt(matches[5], 10);
          parsed.path = matches[6] || "";
          parsed.query = matches[7];
          parsed.fragment = matches[8];
          if (parsed.scheme !== void 0) {
            if (VALID_SCHEME.test(parsed.scheme)) {
              parsed.scheme = parsed.scheme.toLowerCase();
            } else {
              parsed.error = parsed.error || MALFORMED_SCHEME_ERROR;
              malformedScheme = true;
            }
          }
          malformedPercentEncoding = hasMalformedComponentPercentEncoding(matches);
          if (malformedPercentEncoding) {
            parsed.error = parsed.error || "URI contains malformed percent-encoding.";
          }
          if (isNaN(parsed.port)) {
            parsed.port = matches[5];
          }
          const parseError = getParseError(parsed, matches);
          if (parseError !== void 0) {
            parsed.error = parsed.error || parseError;
            malformedAuthorityOrPort = true;
          }
          if (parsed.host) {
            const ipv4result = isIPv4(parsed.host);
            if (ipv4result === false) {
              const bracketedIPLiteral = isIPLiteral(parsed.host);
              const hasIPLiteralBracket = parsed.host.indexOf("[") !== -1 || parsed.host.indexOf("]") !== -1;
              const ipv6result = normalizeIPv6(parsed.host);
              isIP = ipv6result.isIPV6 || ipv6result.isIPVFuture === true;
              malformedIPLiteral = hasIPLiteralBracket && (!bracketedIPLiteral || ipv6result.error === true);
              parsed.host = isIP ? ipv6result.host : ipv6result.host.toLowerCase();
              if (malformedIPLiteral) {
                parsed.error = parsed.error || MALFORMED_HOST_ERROR;
                malformedAuthorityOrPort = true;
              }
            } else {
              isIP = true;
            }
          }
          if (parsed.scheme === void 0 && parsed.userinfo === void 0 && parsed.host === void 0 && parsed.port === void 0 && parsed.query === void 0 && !parsed.path) {
            parsed.reference = "same-document";
          } else if (parsed.scheme === void 0) {
            parsed.reference = "relative";
          } else if (parsed.fragment === void 0) {
            parsed.reference = "absolute";
          } else {
            parsed.reference = "uri";
          }
          if (options.reference && options.reference !== "suffix" && options.reference !== parsed.reference) {
            parsed.error = parsed.error || "URI is not a " + options.reference + " reference.";
          }
          const schemeHandler = getSchemeHandler(options.scheme || parsed.scheme);
          if (!malformedIPLiteral) {
            malformedHost = canonicalizeHost(parsed, options, schemeHandler, isIP);
          }
          if (uri.indexOf("%") !== -1 && parsed.host !== void 0 && !malformedIPLiteral) {
            let host = isIP ? parsed.host : normalizePercentEncoding(parsed.host, true);
            if (!isIP) {
              host = normalizePercentEncoding(host.toLowerCase());
            }
            parsed.host = isIP || options.scheme !== "null" ? reescapeHostDelimiters(host, isIP) : host;
          }
          if (!schemeHandler || schemeHandler && !schemeHandler.skipNormalize) {
            if (parsed.path) {
              parsed.path = normalizePathEncoding(parsed.path);
            }
            if (parsed.query) {
              parsed.query = normalizeQueryFragmentEncoding(parsed.query);
            }
            if (parsed.fragment) {
              parsed.fragment = normalizeQueryFragmentEncoding(parsed.fragment);
            }
          }
          if (schemeHandler && schemeHandler.parse) {
            schemeHandler.parse(parsed, options);
            if (schemeHandler === SCHEMES.urn && parsed.nid === void 0) {
              malformedSchemeSpecific = true;
            }
          }
        } else {
          parsed.error = parsed.error || "URI can not be parsed.";
        }
        return { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme };
      }
      function parse(uri, opts) {
        return parseWithStatus(uri, opts).parsed;
      }
      function normalizeString(uri, opts) {
        return normalizeStringWithStatus(uri, opts).normalized;
      }
      function normalizeStringWithStatus(uri, opts) {
        const { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = parseWithStatus(uri, opts);
        return {
          normalized: malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? uri : serialize(parsed, opts),
          malformedAuthorityOrPort,
          malformedPercentEncoding,
          malformedSchemeSpecific,
          malformedHost,
          malformedScheme
        };
      }
      function normalizeComparableURI(uri, opts) {
        if (typeof uri !== "string" && typeof uri !== "object") {
          return void 0;
        }
        let value;
        try {
          value = typeof uri === "string" ? uri : serialize(uri, opts);
        } catch {
          return void 0;
        }
        const { normalized, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = normalizeStringWithStatus(value, opts);
        return malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? void 0 : normalized;
      }
      const fastUri = {
        SCHEMES,
        normalize,
        resolve: resolve2,
        resolveComponent,
        equal,
        serialize,
        parse
      };
      module2.exports = fastUri;
      module2.exports["default"] = fastUri;
      module2.exports.fastUri = fastUri;
    })
  ),
  /***/
  5300: (
    /***/
    ((module2, __unused_webpack_exports, __nccwpck_require__2) => {
      const { isUUID } = __nccwpck_require__2(5077);
      const URN_REG = /^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu;
      const supportedSchemeNames = (
        /** @type {const} */
        [
          "http",
          "https",
          "ws",
          "wss",
          "urn",
          "urn:uuid"
        ]
      );
      function isValidSchemeName(name) {
        return supportedSchemeNames.indexOf(
          /** @type {*} */
          name
        ) !== -1;
      }
      function wsIsSecure(wsComponent) {
        if (wsComponent.secure === true) {
          return true;
        } else if (wsComponent.secure === false) {
          return false;
        } else if (wsComponent.scheme) {
          return wsComponent.scheme.length === 3 && (wsComponent.scheme[0] === "w" || wsComponent.scheme[0] === "W") && (wsComponent.scheme[1] === "s" || wsComponent.scheme[1] === "S") && (wsComponent.scheme[2] === "s" || wsComponent.scheme[2] === "S");
        } else {
          return false;
        }
      }
      function httpParse(component) {
        if (!component.host) {
          component.error = component.error || "HTTP URIs must have a host.";
        }
        return component;
      }
      function httpSerialize(component) {
        const secure = String(component.scheme).toLowerCase() === "https";
        if (component.port === (secure ? 443 : 80) || component.port === "") {
          component.port = void 0;
        }
        if (!component.path) {
          component.path = "/";
        }
        return component;
      }
      function wsParse(wsComponent) {
        wsComponent.secure = wsIsSecure(wsComponent);
        wsComponent.resourceName = (wsComponent.path || "/") + (wsComponent.query ? "?" + wsComponent.query : "");
        wsComponent.path = void 0;
        wsComponent.query = void 0;
        return wsComponent;
      }
      function wsSerialize(wsComponent) {
        if (wsComponent.port === (wsIsSecure(wsComponent) ? 443 : 80) || wsComponent.port === "") {
          wsComponent.port = void 0;
        }
        if (typeof wsComponent.secure === "boolean") {
          wsComponent.scheme = wsComponent.secure ? "wss" : "ws";
          wsComponent.secure = void 0;
        }
        if (wsComponent.resourceName) {
          const queryIndex = wsComponent.resourceName.indexOf("?");
          const path2 = queryIndex === -1 ? wsComponent.resourceName : wsComponent.resourceName.slice(0, queryIndex);
          wsComponent.path = path2 && path2 !== "/" ? path2 : void 0;
          wsComponent.query = queryIndex === -1 ? void 0 : wsComponent.resourceName.slice(queryIndex + 1);
          wsComponent.resourceName = void 0;
        }
        wsComponent.fragment = void 0;
        return wsComponent;
      }
      function urnParse(urnComponent, options) {
        if (!urnComponent.path) {
          urnComponent.error = "URN can not be parsed";
          return urnComponent;
        }
        const matches = urnComponent.path.match(URN_REG);
        if (matches && matches[0] === urnComponent.path) {
          const scheme = options.scheme || urnComponent.scheme || "urn";
          urnComponent.nid = matches[1].toLowerCase();
          urnComponent.nss = matches[2];
          const urnScheme = `${scheme}:${options.nid || urnComponent.nid}`;
          const schemeHandler = getSchemeHandler(urnScheme);
          urnComponent.path = void 0;
          if (schemeHandler) {
            urnComponent = schemeHandler.parse(urnComponent, options);
          }
        } else {
          urnComponent.error = urnComponent.error || "URN can not be parsed.";
        }
        return urnComponent;
      }
      function urnSerialize(urnComponent, options) {
        if (urnComponent.nid === void 0) {
          throw new Error("URN without nid cannot be serialized");
        }
        const scheme = options.scheme || urnComponent.scheme || "urn";
        const nid = urnComponent.nid.toLowerCase();
        const urnScheme = `${scheme}:${options.nid || nid}`;
        const schemeHandler = getSchemeHandler(urnScheme);
        if (schemeHandler) {
          urnComponent = schemeHandler.serialize(urnComponent, options);
        }
        const uriComponent = urnComponent;
        const nss = urnComponent.nss;
        uriComponent.path = `${nid || options.nid}:${nss}`;
        options.skipEscape = true;
        return uriComponent;
      }
      function urnuuidParse(urnComponent, options) {
        const uuidComponent = urnComponent;
        uuidComponent.uuid = uuidComponent.nss;
        uuidComponent.nss = void 0;
        if (!options.tolerant && (!uuidComponent.uuid || !isUUID(uuidComponent.uuid))) {
          uuidComponent.error = uuidComponent.error || "UUID is not valid.";
        }
        return uuidComponent;
      }
      function urnuuidSerialize(uuidComponent) {
        const urnComponent = uuidComponent;
        urnComponent.nss = (uuidComponent.uuid || "").toLowerCase();
        return urnComponent;
      }
      const http = (
        /** @type {SchemeHandler} */
        {
          scheme: "http",
          domainHost: true,
          parse: httpParse,
          serialize: httpSerialize
        }
      );
      const https = (
        /** @type {SchemeHandler} */
        {
          scheme: "https",
          domainHost: http.domainHost,
          parse: httpParse,
          serialize: httpSerialize
        }
      );
      const ws = (
        /** @type {SchemeHandler} */
        {
          scheme: "ws",
          domainHost: true,
          parse: wsParse,
          serialize: wsSerialize
        }
      );
      const wss = (
        /** @type {SchemeHandler} */
        {
          scheme: "wss",
          domainHost: ws.domainHost,
          parse: ws.parse,
          serialize: ws.serialize
        }
      );
      const urn = (
        /** @type {SchemeHandler} */
        {
          scheme: "urn",
          parse: urnParse,
          serialize: urnSerialize,
          skipNormalize: true
        }
      );
      const urnuuid = (
        /** @type {SchemeHandler} */
        {
          scheme: "urn:uuid",
          parse: urnuuidParse,
          serialize: urnuuidSerialize,
          skipNormalize: true
        }
      );
      const SCHEMES = (
        /** @type {Record<SchemeName, SchemeHandler>} */
        {
          http,
          https,
          ws,
          wss,
          urn,
          "urn:uuid": urnuuid
        }
      );
      Object.setPrototypeOf(SCHEMES, null);
      function getSchemeHandler(scheme) {
        return scheme && (SCHEMES[
          /** @type {SchemeName} */
          scheme
        ] || SCHEMES[
          /** @type {SchemeName} */
          scheme.toLowerCase()
        ]) || void 0;
      }
      module2.exports = {
        wsIsSecure,
        SCHEMES,
        isValidSchemeName,
        getSchemeHandler
      };
    })
  ),
  /***/
  5077: (
    /***/
    ((module2) => {
      const isUUID = RegExp.prototype.test.bind(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu);
      const isIPv4 = RegExp.prototype.test.bind(/^(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)$/u);
      const isPort = RegExp.prototype.test.bind(/^\d*$/u);
      const isHexPair = RegExp.prototype.test.bind(/^[\da-f]{2}$/iu);
      const isUnreserved = RegExp.prototype.test.bind(/^[\da-z\-._~]$/iu);
      const isPathCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/u);
      const isQueryFragmentCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/u);
      const isUserinfoCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:]$/u);
      const BYTE_HEX = new Array(256);
      {
        const HEX_DIGITS = "0123456789ABCDEF";
        for (let i = 0; i < 256; i++) {
          BYTE_HEX[i] = "%" + HEX_DIGITS[i >> 4] + HEX_DIGITS[i & 15];
        }
      }
      function percentEncodeNonAscii(cp) {
        if (cp < 2048) {
          return BYTE_HEX[192 | cp >> 6] + BYTE_HEX[128 | cp & 63];
        }
        if (cp < 65536) {
          return BYTE_HEX[224 | cp >> 12] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
        }
        return BYTE_HEX[240 | cp >> 18] + BYTE_HEX[128 | cp >> 12 & 63] + BYTE_HEX[128 | cp >> 6 & 63] + BYTE_HEX[128 | cp & 63];
      }
      function stringArrayToHexStripped(input) {
        let acc = "";
        let code = 0;
        let i = 0;
        for (i = 0; i < input.length; i++) {
          code = input[i].charCodeAt(0);
          if (code === 48) {
            continue;
          }
          if (!(code >= 48 && code <= 57 || code >= 65 && code <= 70 || code >= 97 && code <= 102)) {
            return "";
          }
          acc += input[i];
          break;
        }
        for (i += 1; i < input.length; i++) {
          code = input[i].charCodeAt(0);
          if (!(code >= 48 && code <= 57 || code >= 65 && code <= 70 || code >= 97 && code <= 102)) {
            return "";
          }
          acc += input[i];
        }
        return acc;
      }
      const isHextet = RegExp.prototype.test.bind(/^[\dA-Fa-f]{1,4}$/);
      const isIPvFuture = RegExp.prototype.test.bind(/^[vV][\dA-Fa-f]+\.[A-Za-z\d\-._~!$&'()*+,;=:]+$/);
      const isZoneCharacter = RegExp.prototype.test.bind(/^[A-Za-z\d\-._~]$/);
      const nonSimpleDomain = RegExp.prototype.test.bind(/[^!"$&'()*+,\-.;=_`a-z{}~]/u);
      function isZoneIdentifier(zone) {
        if (zone.length === 0) return false;
        for (let i = 0; i < zone.length; i++) {
          if (isZoneCharacter(zone[i])) continue;
          if (zone[i] === "%" && i + 2 < zone.length && isHexPair(zone.slice(i + 1, i + 3))) {
            i += 2;
            continue;
          }
          return false;
        }
        return true;
      }
      function compressIPv6ZeroRun(hextets) {
        let bestStart = -1;
        let bestLength = 0;
        let runStart = -1;
        let runLength = 0;
        for (let i = 0; i < hextets.length; i++) {
          if (hextets[i] === "0") {
            if (runStart === -1) runStart = i;
            runLength++;
            if (runLength > bestLength) {
              bestLength = runLength;
              bestStart = runStart;
            }
          } else {
            runStart = -1;
            runLength = 0;
          }
        }
        if (bestLength < 2) return hextets.join(":");
        const head = hextets.slice(0, bestStart).join(":");
        const tail2 = hextets.slice(bestStart + bestLength).join(":");
        return head + "::" + tail2;
      }
      function normalizeIPv6Address(input) {
        const compression = input.indexOf("::");
        if (compression !== -1 && input.indexOf("::", compression + 1) !== -1) return void 0;
        const left2 = compression === -1 ? input.split(":") : input.slice(0, compression).split(":");
        const right = compression === -1 ? [] : input.slice(compression + 2).split(":");
        if (compression !== -1) {
          if (left2.length === 1 && left2[0] === "") left2.length = 0;
          if (right.length === 1 && right[0] === "") right.length = 0;
        }
        const parts = left2.concat(right);
        let hextetCount = 0;
        for (let i = 0; i < parts.length; i++) {
          const part = parts[i];
          if (part === "") return void 0;
          if (part.indexOf(".") !== -1) {
            if (i !== parts.length - 1 || compression !== -1 && right.length === 0 || !isIPv4(part)) return void 0;
            hextetCount += 2;
            continue;
          }
          if (!isHextet(part)) return void 0;
          parts[i] = parseInt(part, 16).toString(16);
          hextetCount++;
        }
        if (compression === -1) {
          if (hextetCount !== 8) return void 0;
          return compressIPv6ZeroRun(parts);
        }
        if (hextetCount >= 8) return void 0;
        const expanded = parts.slice(0, left2.length);
        for (let i = hextetCount; i < 8; i++) expanded.push("0");
        for (let i = left2.length; i < parts.length; i++) expanded.push(parts[i]);
        return compressIPv6ZeroRun(expanded);
      }
      function normalizeIPv6(host) {
        const bracketed = host[0] === "[" && host[host.length - 1] === "]";
        const hasBracket = host[0] === "[" || host[host.length - 1] === "]";
        if (hasBracket && !bracketed) return { host, isIPV6: false, error: true };
        let input = bracketed ? host.slice(1, -1) : host;
        if (bracketed && isIPvFuture(input)) {
          input = input.toLowerCase();
          return { host: `[${input}]`, escapedHost: input, isIPV6: false, isIPVFuture: true };
        }
        if (findToken(input, ":") < 2) {
          return { host, isIPV6: false, error: bracketed };
        }
        let zoneIdentifier = "";
        const zoneSeparator = input.indexOf("%");
        if (zoneSeparator !== -1) {
          const separatorLength = input.slice(zoneSeparator, zoneSeparator + 3).toLowerCase() === "%25" ? 3 : 1;
          zoneIdentifier = input.slice(zoneSeparator + separatorLength);
          if (!isZoneIdentifier(zoneIdentifier)) return { host, isIPV6: false, error: true };
          input = input.slice(0, zoneSeparator);
        }
        const address = normalizeIPv6Address(input);
        if (address === void 0) return { host, isIPV6: false, error: true };
        return {
          host: address + (zoneIdentifier ? "%" + zoneIdentifier : ""),
          escapedHost: address + (zoneIdentifier ? "%25" + zoneIdentifier : ""),
          isIPV6: true
        };
      }
      function findToken(str, token) {
        let ind = 0;
        for (let i = 0; i < str.length; i++) {
          if (str[i] === token) ind++;
        }
        return ind;
      }
      function removeDotSegments(path2) {
        let input = path2;
        const output = [];
        let nextSlash = -1;
        let len = 0;
        while (len = input.length) {
          if (len === 1) {
            if (input === ".") {
              break;
            } else if (input === "/") {
              output.push("/");
              break;
            } else {
              output.push(input);
              break;
            }
          } else if (len === 2) {
            if (input[0] === ".") {
              if (input[1] === ".") {
                break;
              } else if (input[1] === "/") {
                input = input.slice(2);
                continue;
              }
            } else if (input[0] === "/") {
              if (input[1] === "." || input[1] === "/") {
                output.push("/");
                break;
              }
            }
          } else if (len === 3) {
            if (input === "/..") {
              if (output.length !== 0) {
                output.pop();
              }
              output.push("/");
              break;
            }
          }
          if (input[0] === ".") {
            if (input[1] === ".") {
              if (input[2] === "/") {
                input = input.slice(3);
                continue;
              }
            } else if (input[1] === "/") {
              input = input.slice(2);
              continue;
            }
          } else if (input[0] === "/") {
            if (input[1] === ".") {
              if (input[2] === "/") {
                input = input.slice(2);
                continue;
              } else if (input[2] === ".") {
                if (input[3] === "/") {
                  input = input.slice(3);
                  if (output.length !== 0) {
                    output.pop();
                  }
                  continue;
                }
              }
            }
          }
          if ((nextSlash = input.indexOf("/", 1)) === -1) {
            output.push(input);
            break;
          } else {
            output.push(input.slice(0, nextSlash));
            input = input.slice(nextSlash);
          }
        }
        return output.join("");
      }
      function removeDotSegmentsRelative(path2) {
        if (path2 === "" || path2[0] === "/") {
          return removeDotSegments(path2);
        }
        const segments = path2.split("/");
        const last = segments.length - 1;
        const output = [];
        let trailingDirectory = false;
        for (let i = 0; i <= last; i++) {
          const segment = segments[i];
          if (segment === "." || segment === "..") {
            if (segment === "..") {
              if (output.length !== 0 && output[output.length - 1] !== "..") {
                output.pop();
              } else {
                output.push("..");
              }
            }
            trailingDirectory = i === last;
          } else {
            output.push(segment);
          }
        }
        if (trailingDirectory && output[output.length - 1] !== "..") {
          output.push("");
        }
        if (output.length === 0 || output[0] === "" || output[0].includes(":")) {
          output.unshift(".");
        }
        return output.join("/");
      }
      const HOST_DELIMS = { "@": "%40", "/": "%2F", "?": "%3F", "#": "%23", ":": "%3A" };
      const HOST_DELIM_RE = /[@/?#:]/g;
      const HOST_DELIM_NO_COLON_RE = /[@/?#]/g;
      function reescapeHostDelimiters(host, isIP) {
        const re = isIP ? HOST_DELIM_NO_COLON_RE : HOST_DELIM_RE;
        re.lastIndex = 0;
        return host.replace(re, (ch) => HOST_DELIMS[ch]);
      }
      function normalizePercentEncoding(input, decodeUnreserved = false) {
        if (input.indexOf("%") === -1) {
          return input;
        }
        let output = "";
        for (let i = 0; i < input.length; i++) {
          if (input[i] === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              const normalizedHex = hex.toUpperCase();
              const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
              if (decodeUnreserved && isUnreserved(decoded)) {
                output += decoded;
              } else {
                output += "%" + normalizedHex;
              }
              i += 2;
              continue;
            }
          }
          output += input[i];
        }
        return output;
      }
      function normalizePathEncoding(input) {
        let output = "";
        for (let i = 0; i < input.length; i++) {
          const ch = input[i];
          if (ch === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              const normalizedHex = hex.toUpperCase();
              const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
              if (decoded !== "." && isUnreserved(decoded)) {
                output += decoded;
              } else {
                output += "%" + normalizedHex;
              }
              i += 2;
              continue;
            }
          }
          if (isPathCharacter(ch)) {
            output += ch;
          } else {
            const code = input.charCodeAt(i);
            if (code < 128) {
              output += isEscapeSafe(code) ? ch : BYTE_HEX[code];
            } else if (code < 55296 || code > 57343) {
              output += percentEncodeNonAscii(code);
            } else if (code <= 56319 && i + 1 < input.length) {
              const low = input.charCodeAt(i + 1);
              if (low >= 56320 && low <= 57343) {
                output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
                i++;
              } else {
                output += percentEncodeNonAscii(65533);
              }
            } else {
              output += percentEncodeNonAscii(65533);
            }
          }
        }
        return output;
      }
      function serializePathEncoding(input, pathNoScheme = false) {
        let output = "";
        let firstSegment = pathNoScheme && input[0] !== "/";
        for (let i = 0; i < input.length; i++) {
          const ch = input[i];
          if (ch === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              output += "%" + hex.toUpperCase();
              i += 2;
              continue;
            }
          }
          if (ch === "/") {
            firstSegment = false;
          }
          if (isPathCharacter(ch) && (ch !== ":" || !firstSegment)) {
            output += ch;
          } else {
            const code = input.charCodeAt(i);
            if (code < 128) {
              output += BYTE_HEX[code];
            } else if (code < 55296 || code > 57343) {
              output += percentEncodeNonAscii(code);
            } else if (code <= 56319 && i + 1 < input.length) {
              const low = input.charCodeAt(i + 1);
              if (low >= 56320 && low <= 57343) {
                output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
                i++;
              } else {
                output += percentEncodeNonAscii(65533);
              }
            } else {
              output += percentEncodeNonAscii(65533);
            }
          }
        }
        return output;
      }
      function encodeComponent(input, isAllowed) {
        let output = "";
        for (let i = 0; i < input.length; i++) {
          const ch = input[i];
          if (ch === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              output += "%" + hex.toUpperCase();
              i += 2;
              continue;
            }
          }
          if (isAllowed(ch)) {
            output += ch;
          } else {
            const code = input.charCodeAt(i);
            if (code < 128) {
              output += BYTE_HEX[code];
            } else if (code < 55296 || code > 57343) {
              output += percentEncodeNonAscii(code);
            } else if (code <= 56319 && i + 1 < input.length) {
              const low = input.charCodeAt(i + 1);
              if (low >= 56320 && low <= 57343) {
                output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
                i++;
              } else {
                output += percentEncodeNonAscii(65533);
              }
            } else {
              output += percentEncodeNonAscii(65533);
            }
          }
        }
        return output;
      }
      function encodeUserinfo(input) {
        return encodeComponent(input, isUserinfoCharacter);
      }
      function encodeQuery(input) {
        return encodeComponent(input, isQueryFragmentCharacter);
      }
      function encodeFragment(input) {
        return encodeComponent(input, isQueryFragmentCharacter);
      }
      function isEscapeSafe(cp) {
        return cp >= 48 && cp <= 57 || cp >= 65 && cp <= 90 || cp >= 97 && cp <= 122 || cp === 42 || cp === 43 || cp === 45 || cp === 46 || cp === 47 || cp === 64 || cp === 95;
      }
      function normalizeQueryFragmentEncoding(input) {
        let output = "";
        for (let i = 0; i < input.length; i++) {
          const ch = input[i];
          if (ch === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              const normalizedHex = hex.toUpperCase();
              const decoded = String.fromCharCode(parseInt(normalizedHex, 16));
              if (isUnreserved(decoded)) {
                output += decoded;
              } else {
                output += "%" + normalizedHex;
              }
              i += 2;
              continue;
            }
          }
          if (isQueryFragmentCharacter(ch)) {
            output += ch;
          } else {
            const code = input.charCodeAt(i);
            if (code < 128) {
              output += isEscapeSafe(code) ? ch : BYTE_HEX[code];
            } else if (code < 55296 || code > 57343) {
              output += percentEncodeNonAscii(code);
            } else if (code <= 56319 && i + 1 < input.length) {
              const low = input.charCodeAt(i + 1);
              if (low >= 56320 && low <= 57343) {
                output += percentEncodeNonAscii(65536 + (code - 55296 << 10) + (low - 56320));
                i++;
              } else {
                output += percentEncodeNonAscii(65533);
              }
            } else {
              output += percentEncodeNonAscii(65533);
            }
          }
        }
        return output;
      }
      function escapePreservingEscapes(input) {
        let output = "";
        for (let i = 0; i < input.length; i++) {
          if (input[i] === "%" && i + 2 < input.length) {
            const hex = input.slice(i + 1, i + 3);
            if (isHexPair(hex)) {
              output += "%" + hex.toUpperCase();
              i += 2;
              continue;
            }
          }
          output += escape(input[i]);
        }
        return output;
      }
      function recomposeAuthority(component) {
        const uriTokens = [];
        if (component.userinfo !== void 0) {
          uriTokens.push(encodeUserinfo(component.userinfo));
          uriTokens.push("@");
        }
        if (component.host !== void 0) {
          let host = component.host;
          if (!isIPv4(host)) {
            let ipV6res = normalizeIPv6(host);
            if (ipV6res.isIPV6 !== true && ipV6res.isIPVFuture !== true) {
              host = normalizePercentEncoding(host, true);
              ipV6res = normalizeIPv6(host);
            }
            if (ipV6res.isIPV6 === true || ipV6res.isIPVFuture === true) {
              host = `[${ipV6res.escapedHost}]`;
            } else {
              host = reescapeHostDelimiters(host, false);
            }
          }
          uriTokens.push(host);
        }
        if (typeof component.port === "number" || typeof component.port === "string") {
          const port = String(component.port);
          if (!isPort(port)) {
            throw new TypeError("URI port is malformed.");
          }
          uriTokens.push(":");
          uriTokens.push(port);
        }
        return uriTokens.length ? uriTokens.join("") : void 0;
      }
      ;
      module2.exports = {
        nonSimpleDomain,
        recomposeAuthority,
        reescapeHostDelimiters,
        normalizePercentEncoding,
        normalizePathEncoding,
        serializePathEncoding,
        normalizeQueryFragmentEncoding,
        encodeUserinfo,
        encodeQuery,
        encodeFragment,
        escapePreservingEscapes,
        removeDotSegments,
        removeDotSegmentsRelative,
        isIPv4,
        isUUID,
        normalizeIPv6,
        stringArrayToHexStripped
      };
    })
  ),
  /***/
  3837: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$id":"https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#","description":"Meta-schema for $data reference (JSON AnySchema extension proposal)","type":"object","required":["$data"],"properties":{"$data":{"type":"string","anyOf":[{"format":"relative-json-pointer"},{"format":"json-pointer"}]}},"additionalProperties":false}');
    })
  ),
  /***/
  7216: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/applicator","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/applicator":true},"$dynamicAnchor":"meta","title":"Applicator vocabulary meta-schema","type":["object","boolean"],"properties":{"prefixItems":{"$ref":"#/$defs/schemaArray"},"items":{"$dynamicRef":"#meta"},"contains":{"$dynamicRef":"#meta"},"additionalProperties":{"$dynamicRef":"#meta"},"properties":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"propertyNames":{"format":"regex"},"default":{}},"dependentSchemas":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"},"default":{}},"propertyNames":{"$dynamicRef":"#meta"},"if":{"$dynamicRef":"#meta"},"then":{"$dynamicRef":"#meta"},"else":{"$dynamicRef":"#meta"},"allOf":{"$ref":"#/$defs/schemaArray"},"anyOf":{"$ref":"#/$defs/schemaArray"},"oneOf":{"$ref":"#/$defs/schemaArray"},"not":{"$dynamicRef":"#meta"}},"$defs":{"schemaArray":{"type":"array","minItems":1,"items":{"$dynamicRef":"#meta"}}}}');
    })
  ),
  /***/
  8226: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/content","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/content":true},"$dynamicAnchor":"meta","title":"Content vocabulary meta-schema","type":["object","boolean"],"properties":{"contentEncoding":{"type":"string"},"contentMediaType":{"type":"string"},"contentSchema":{"$dynamicRef":"#meta"}}}');
    })
  ),
  /***/
  518: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/core","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true},"$dynamicAnchor":"meta","title":"Core vocabulary meta-schema","type":["object","boolean"],"properties":{"$id":{"$ref":"#/$defs/uriReferenceString","$comment":"Non-empty fragments not allowed.","pattern":"^[^#]*#?$"},"$schema":{"$ref":"#/$defs/uriString"},"$ref":{"$ref":"#/$defs/uriReferenceString"},"$anchor":{"$ref":"#/$defs/anchorString"},"$dynamicRef":{"$ref":"#/$defs/uriReferenceString"},"$dynamicAnchor":{"$ref":"#/$defs/anchorString"},"$vocabulary":{"type":"object","propertyNames":{"$ref":"#/$defs/uriString"},"additionalProperties":{"type":"boolean"}},"$comment":{"type":"string"},"$defs":{"type":"object","additionalProperties":{"$dynamicRef":"#meta"}}},"$defs":{"anchorString":{"type":"string","pattern":"^[A-Za-z_][-A-Za-z0-9._]*$"},"uriString":{"type":"string","format":"uri"},"uriReferenceString":{"type":"string","format":"uri-reference"}}}');
    })
  ),
  /***/
  4588: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/format-annotation","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/format-annotation":true},"$dynamicAnchor":"meta","title":"Format vocabulary meta-schema for annotation results","type":["object","boolean"],"properties":{"format":{"type":"string"}}}');
    })
  ),
  /***/
  5707: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/meta-data","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/meta-data":true},"$dynamicAnchor":"meta","title":"Meta-data vocabulary meta-schema","type":["object","boolean"],"properties":{"title":{"type":"string"},"description":{"type":"string"},"default":true,"deprecated":{"type":"boolean","default":false},"readOnly":{"type":"boolean","default":false},"writeOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true}}}');
    })
  ),
  /***/
  9547: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/unevaluated","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/unevaluated":true},"$dynamicAnchor":"meta","title":"Unevaluated applicator vocabulary meta-schema","type":["object","boolean"],"properties":{"unevaluatedItems":{"$dynamicRef":"#meta"},"unevaluatedProperties":{"$dynamicRef":"#meta"}}}');
    })
  ),
  /***/
  7082: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/meta/validation","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/validation":true},"$dynamicAnchor":"meta","title":"Validation vocabulary meta-schema","type":["object","boolean"],"properties":{"type":{"anyOf":[{"$ref":"#/$defs/simpleTypes"},{"type":"array","items":{"$ref":"#/$defs/simpleTypes"},"minItems":1,"uniqueItems":true}]},"const":true,"enum":{"type":"array","items":true},"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/$defs/nonNegativeInteger"},"minLength":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"maxItems":{"$ref":"#/$defs/nonNegativeInteger"},"minItems":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"maxContains":{"$ref":"#/$defs/nonNegativeInteger"},"minContains":{"$ref":"#/$defs/nonNegativeInteger","default":1},"maxProperties":{"$ref":"#/$defs/nonNegativeInteger"},"minProperties":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"required":{"$ref":"#/$defs/stringArray"},"dependentRequired":{"type":"object","additionalProperties":{"$ref":"#/$defs/stringArray"}}},"$defs":{"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"$ref":"#/$defs/nonNegativeInteger","default":0},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}}}');
    })
  ),
  /***/
  1678: (
    /***/
    ((module2) => {
      module2.exports = /* @__PURE__ */ JSON.parse('{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://json-schema.org/draft/2020-12/schema","$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://json-schema.org/draft/2020-12/vocab/applicator":true,"https://json-schema.org/draft/2020-12/vocab/unevaluated":true,"https://json-schema.org/draft/2020-12/vocab/validation":true,"https://json-schema.org/draft/2020-12/vocab/meta-data":true,"https://json-schema.org/draft/2020-12/vocab/format-annotation":true,"https://json-schema.org/draft/2020-12/vocab/content":true},"$dynamicAnchor":"meta","title":"Core and Validation specifications meta-schema","allOf":[{"$ref":"meta/core"},{"$ref":"meta/applicator"},{"$ref":"meta/unevaluated"},{"$ref":"meta/validation"},{"$ref":"meta/meta-data"},{"$ref":"meta/format-annotation"},{"$ref":"meta/content"}],"type":["object","boolean"],"$comment":"This meta-schema also defines keywords that have appeared in previous drafts in order to prevent incompatible extensions as they remain in common use.","properties":{"definitions":{"$comment":"\\"definitions\\" has been replaced by \\"$defs\\".","type":"object","additionalProperties":{"$dynamicRef":"#meta"},"deprecated":true,"default":{}},"dependencies":{"$comment":"\\"dependencies\\" has been split and replaced by \\"dependentSchemas\\" and \\"dependentRequired\\" in order to serve their differing semantics.","type":"object","additionalProperties":{"anyOf":[{"$dynamicRef":"#meta"},{"$ref":"meta/validation#/$defs/stringArray"}]},"deprecated":true,"default":{}},"$recursiveAnchor":{"$comment":"\\"$recursiveAnchor\\" has been replaced by \\"$dynamicAnchor\\".","$ref":"meta/core#/$defs/anchorString","deprecated":true},"$recursiveRef":{"$comment":"\\"$recursiveRef\\" has been replaced by \\"$dynamicRef\\".","$ref":"meta/core#/$defs/uriReferenceString","deprecated":true}}}');
    })
  )
  /******/
};
var __webpack_module_cache__ = {};
function __nccwpck_require__(moduleId) {
  var cachedModule = __webpack_module_cache__[moduleId];
  if (cachedModule !== void 0) {
    return cachedModule.exports;
  }
  var module2 = __webpack_module_cache__[moduleId] = {
    /******/
    // no module.id needed
    /******/
    // no module.loaded needed
    /******/
    exports: {}
    /******/
  };
  var threw = true;
  try {
    __webpack_modules__[moduleId](module2, module2.exports, __nccwpck_require__);
    threw = false;
  } finally {
    if (threw) delete __webpack_module_cache__[moduleId];
  }
  return module2.exports;
}
if (typeof __nccwpck_require__ !== "undefined") __nccwpck_require__.ab = decodeURIComponent(new URL(".", __sandboxGateUrl).pathname).slice(__sandboxGateUrl.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
(() => {
  __nccwpck_require__.d = (exports2, definition) => {
    for (var key in definition) {
      if (__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports2, key)) {
        Object.defineProperty(exports2, key, { enumerable: true, get: definition[key] });
      }
    }
  };
})();
(() => {
  __nccwpck_require__.o = (obj, prop) => Object.prototype.hasOwnProperty.call(obj, prop);
})();
var __webpack_exports__ = {};
__nccwpck_require__.d(__webpack_exports__, {
  d: () => (
    /* reexport */
    errors_InputError
  ),
  E: () => (
    /* binding */
    openSandbox
  )
});
;
const external_node_crypto_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:crypto");
;
const promises_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:timers/promises");
;
const external_node_fs_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:fs");
;
const MAX_NAME_LENGTH = 255;
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const DOMAIN = /^(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*|\[[0-9a-fA-F:.]+\])(?::[0-9]+)?$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
function imageReferenceProblem(reference) {
  if (reference.trim() !== reference || reference === "")
    return "is empty or has blanks around it";
  if (/\s/.test(reference))
    return "holds a blank";
  const at = reference.indexOf("@");
  const named = at < 0 ? reference : reference.slice(0, at);
  const digest = at < 0 ? void 0 : reference.slice(at + 1);
  if (digest !== void 0) {
    if (!DIGEST.test(digest))
      return `has a malformed digest ${JSON.stringify(digest)} (as sha256:<64 hex digits>)`;
    if (digest.startsWith("sha256:") && digest.length !== "sha256:".length + 64)
      return "has a sha256 digest that is not 64 hex digits";
  }
  const slash = named.lastIndexOf("/");
  const colon = named.lastIndexOf(":");
  const name = colon > slash ? named.slice(0, colon) : named;
  const tag = colon > slash ? named.slice(colon + 1) : void 0;
  if (tag !== void 0 && !TAG.test(tag))
    return `has a malformed tag ${JSON.stringify(tag)} (letters, digits, '_', '.', '-'; at most 128)`;
  if (name.length > MAX_NAME_LENGTH)
    return `has a name longer than ${MAX_NAME_LENGTH} characters`;
  const parts = name.split("/");
  const first = parts[0];
  const hasDomain = parts.length > 1 && (/[.:]/.test(first) || first === "localhost" || first !== first.toLowerCase());
  if (hasDomain && !DOMAIN.test(first))
    return `has a malformed registry ${JSON.stringify(first)}`;
  const path2 = hasDomain ? parts.slice(1) : parts;
  const bad = path2.find((component) => !COMPONENT.test(component));
  if (bad !== void 0)
    return `has a malformed name part ${JSON.stringify(bad)} (lower-case letters and digits, joined by '.', '_', '__' or '-')`;
  return void 0;
}
const SWE_BENCH_TESTBED = "/testbed";
function image_reference_knownImageWorkdir(reference) {
  const name = reference.split("@")[0];
  return name.slice(name.lastIndexOf("/") + 1).startsWith("sweb.eval.") ? SWE_BENCH_TESTBED : void 0;
}
;
const MAX_NAME_BYTES = 255;
const WORKDIR = "/work/";
const MAX_PATH_BYTES = 4096 - 1 - WORKDIR.length;
function pathLengthProblem(segments) {
  const long = segments.find((s) => Buffer.byteLength(s, "utf8") > MAX_NAME_BYTES);
  if (long !== void 0)
    return `has a name of ${Buffer.byteLength(long, "utf8")} bytes, more than the ${MAX_NAME_BYTES} a file system allows`;
  const bytes = Buffer.byteLength(segments.join("/"), "utf8");
  return bytes > MAX_PATH_BYTES ? `is ${bytes} bytes long, more than the ${MAX_PATH_BYTES} a path under ${WORKDIR} may be` : void 0;
}
function checkRelativePath(path2) {
  if (/[\x00-\x1f\x7f]/.test(path2))
    return { ok: false, why: "holds a control character" };
  if (path2.includes("\\"))
    return { ok: false, why: "holds a backslash" };
  if (path2.startsWith("/") || /^[A-Za-z]:/.test(path2))
    return { ok: false, why: "is absolute" };
  const segments = path2.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes(".."))
    return { ok: false, why: "has a '..' segment" };
  if (segments.length === 0)
    return { ok: false, why: "is empty" };
  if (segments.some((s) => s.toLowerCase() === ".git"))
    return { ok: false, why: "is inside .git" };
  const tooLong = pathLengthProblem(segments);
  if (tooLong)
    return { ok: false, why: tooLong, tooLong: true };
  return { ok: true, path: segments.join("/") };
}
function isSafeRelativePath(path2) {
  return checkRelativePath(path2).ok;
}
const RESERVED_DIRS = ["/tmp", "/var/tmp", "/dev", "/proc", "/sys", "/run", "/sandbox-gate"];
function checkSandboxDir(path2) {
  if (!path2.startsWith("/"))
    return { ok: false, why: "is not an absolute path" };
  const segments = path2.split("/").filter((segment) => segment !== "");
  if (segments.length === 0)
    return { ok: false, why: "is the root" };
  if (segments.some((segment) => segment === "." || segment === ".."))
    return { ok: false, why: "has a '.' or '..' segment" };
  if (segments.some((segment) => !/^[A-Za-z0-9._@+-]+$/.test(segment)))
    return { ok: false, why: "holds a character other than letters, digits and . _ @ + -" };
  const normal = `/${segments.join("/")}`;
  if (Buffer.byteLength(normal) > MAX_NAME_BYTES)
    return { ok: false, why: `is longer than ${MAX_NAME_BYTES} bytes` };
  const reserved = RESERVED_DIRS.find((dir) => normal === dir || normal.startsWith(`${dir}/`));
  if (reserved !== void 0)
    return { ok: false, why: `is inside ${reserved}, which the sandbox keeps for itself` };
  return { ok: true, path: normal };
}
function paths_checkFileName(name) {
  if (name.includes("/"))
    return { ok: false, why: "holds a slash" };
  const checked = checkRelativePath(name);
  if (checked.ok && checked.path !== name)
    return { ok: false, why: "is not a name of its own" };
  return checked;
}
;
const package_namespaceObject = { "rE": "0.3.0" };
;
const MAJOR_TAG = `v${package_namespaceObject.rE.split(".")[0]}`;
function declare_text(description) {
  return { type: "string", description };
}
function shipped(name, title, description) {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `https://raw.githubusercontent.com/sandbox-gate/sandbox-gate/${MAJOR_TAG}/docs/${name}.schema.json`,
    title,
    description
  };
}
function declare_inSchemaOrder(schema, value) {
  return layOut(schema, value);
}
function layOut(schema, value) {
  if (Array.isArray(value))
    return value.map((item) => layOut(schema.items ?? {}, item));
  if (schema.properties === void 0 || typeof value !== "object" || value === null)
    return value;
  const fields = value;
  const out = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    if (fields[key] !== void 0)
      out[key] = layOut(property, fields[key]);
  }
  return out;
}
;
function order_ascending(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
;
function records_isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function records_canonicalJson(value) {
  return JSON.stringify(value, (_, v) => records_isRecord(v) ? Object.fromEntries(Object.keys(v).sort(order_ascending).map((k) => [k, v[k]])) : v);
}
;
const COMMON_CODE_LINES = [
  /^\s*[A-Za-z_$][\w$.]*\(.*\)\s*;?\s*(#.*|\/\/.*)?$/,
  /^\s*[A-Za-z_$][\w$.[\]'"]*(\s*,\s*[A-Za-z_$][\w$.]*)*\s*[-+*/%|&^]?=(?!=)/
];
function positive(value) {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : void 0;
}
function manifestObject(text) {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, ""));
    return records_isRecord(value) ? value : void 0;
  } catch {
    return void 0;
  }
}
function pickedJson(picked) {
  return Object.keys(picked).length > 0 ? records_canonicalJson(picked) : "";
}
;
function readCheck(output) {
  const match2 = /^(.*?): line (\d+): (?!warning: )(.+)$/m.exec(output);
  return match2 ? { file: match2[1], line: positive(Number(match2[2])), message: match2[3] } : void 0;
}
const bash = {
  name: "bash",
  fenceTags: ["bash", "sh", "shell", "zsh"],
  extensions: [".sh", ".bash"],
  target: "solution.sh",
  command: "bash solution.sh",
  image: "debian:bookworm-slim",
  check: (file) => ["bash", "-n", file],
  readCheck,
  // Not the lines the others share: `x = 1` and `f(x)` are no shell code.
  codeLines: [
    /^#!/,
    /^\s*[A-Za-z_]\w*=\S*/,
    /^\s*(if|while|until)\s+.*;\s*(then|do)\s*$/,
    /^\s*for\s+\w+\s+in\b/,
    /^\s*(then|do|done|fi|esac|else)\s*$/,
    /^\s*(echo|printf|cd|export|set|source|exit|local|read)(\s|$)/,
    /^\s*\w+\s*\(\)\s*\{?\s*$/,
    /^\s*\w[\w.-]*\s+--?\w/
  ],
  protect: {
    tests: ["**/*.bats", "**/test_*.sh", "**/*_test.sh"],
    preloaded: ["**/setup_suite.bash"],
    importHooks: [],
    runner: [],
    compiled: [],
    config: [],
    sections: []
  }
};
;
function readNodeCheck(output) {
  const lines = output.split("\n");
  const messageAt = lines.findLastIndex((line) => /^\w*Error\b[^:]*: \S/.test(line));
  if (messageAt < 0)
    return void 0;
  const headerAt = lines.findIndex((line) => /^.*:\d+$/.test(line));
  const header2 = headerAt >= 0 && headerAt < messageAt ? /^(.*):(\d+)$/.exec(lines[headerAt]) : null;
  if (!header2 || header2[1].startsWith("node:"))
    return { message: lines[messageAt] };
  const caret = lines.slice(headerAt + 1, messageAt).find((line) => /^[ \t]*\^+[ \t]*$/.test(line));
  return {
    message: lines[messageAt],
    file: header2[1] || void 0,
    line: positive(Number(header2[2])),
    // Node keeps tabs in the caret line, so its index is the character column.
    column: caret === void 0 ? void 0 : caret.indexOf("^") + 1
  };
}
const JS_CODE_LINES = [
  /^\s*(export\s+)?(async\s+)?function\b/,
  /^\s*(export\s+)?(const|let|var)\s+[\w${[]/,
  /^\s*(export\s+)?(default\s+)?class\s+\w+/,
  /^\s*(import|export)\s.*(from\s+['"]|[;{]\s*$)/,
  /^\s*(if|for|while|switch)\s*\(.*\)\s*\{?\s*$/,
  /^\s*return\b.*;\s*$/,
  /^\s*[})\]]+[;,)]*\s*$/,
  /=>/
];
const PACKAGE_KEYS = ["jest", "mocha", "ava", "vitest", "c8", "nyc", "imports"];
const TEST_SCRIPT = /^(pre|post)?test/;
function testScripts(scripts) {
  const names = new Set(Object.keys(scripts).filter((name) => TEST_SCRIPT.test(name)));
  for (const name of names) {
    const body = scripts[name];
    if (typeof body !== "string")
      continue;
    for (const word of body.split(/[\s"'&|;()]+/)) {
      const called = word.replace(/^npm:/, "");
      if (Object.hasOwn(scripts, called))
        names.add(called);
    }
  }
  return [...names].sort();
}
function packageTestKeys(text) {
  const pkg = manifestObject(text);
  if (!pkg)
    return "";
  const picked = {};
  for (const key of PACKAGE_KEYS)
    if (Object.hasOwn(pkg, key))
      picked[key] = pkg[key];
  const scripts = records_isRecord(pkg.scripts) ? pkg.scripts : {};
  for (const name of testScripts(scripts))
    picked[`scripts.${name}`] = scripts[name];
  return pickedJson(picked);
}
const javascript = {
  name: "javascript",
  fenceTags: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "jsx"],
  extensions: [".js", ".mjs", ".cjs"],
  target: "solution.js",
  command: "node solution.js",
  image: "node:22-slim",
  check: (file) => ["node", "--check", file],
  readCheck: readNodeCheck,
  codeLines: [...JS_CODE_LINES, ...COMMON_CODE_LINES],
  protect: {
    tests: [
      "**/__tests__/**",
      // node --test's own names besides `*.test.*` and `test/` (prepare/protect.ts, every language's).
      "**/*_test.?(c|m)[jt]s",
      "**/*-test.?(c|m)[jt]s",
      "**/test-*.?(c|m)[jt]s"
    ],
    preloaded: ["**/jest.setup.*", "**/vitest.setup.*"],
    importHooks: [],
    runner: ["**/node_modules/**"],
    compiled: [],
    config: [
      "**/jest.config.*",
      "**/vitest.config.*",
      "**/vitest.workspace.*",
      "**/vite.config.*",
      "**/.mocharc*",
      "**/karma.conf.*",
      "**/ava.config.*",
      "**/babel.config.*",
      "**/.babelrc*",
      // npm's `node-options` preloads code into every test script.
      "**/.npmrc",
      // yarn runs `yarnPath` as yarn itself and Plug'n'Play's loader in every script; nyc `require`s hooks;
      // bun `preload`s.
      "**/.yarnrc",
      "**/.yarnrc.yml",
      "**/.yarn/**",
      "**/.pnp.*",
      "**/.nycrc*",
      "**/bunfig.toml"
    ],
    sections: [
      {
        glob: "**/package.json",
        what: "package.json's test scripts or test runner's configuration",
        relevant: packageTestKeys
      }
    ]
  }
};
;
function php_readCheck(output) {
  const match2 = /^(?:PHP )?((?:Parse|Fatal) error):\s+(.+) in (.+) on line (\d+)$/m.exec(output);
  return match2 ? { message: `${match2[1]}: ${match2[2]}`, file: match2[3], line: positive(Number(match2[4])) } : void 0;
}
const XML_ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const attribute = (m) => (m[1] ?? m[2] ?? "").replace(/&\w+;/g, (e) => XML_ENTITIES[e] ?? e);
function phpunitLoads(text) {
  const paths = [
    ...text.matchAll(/\b(?:bootstrap|printerFile|testSuiteLoaderFile|file)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)
  ].map(attribute);
  for (const [tag] of text.matchAll(/<ini\b[^>]*>/g)) {
    if (!/\bname\s*=\s*["']auto_(?:prepend|append)_file["']/.test(tag))
      continue;
    const value = /\bvalue\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    if (value)
      paths.push(attribute(value));
  }
  return paths;
}
function composerRunKeys(text) {
  const manifest = manifestObject(text);
  if (!manifest)
    return "";
  const picked = {};
  if (Object.hasOwn(manifest, "scripts"))
    picked.scripts = manifest.scripts;
  for (const key of ["autoload", "autoload-dev"]) {
    const section2 = manifest[key];
    if (records_isRecord(section2) && Object.hasOwn(section2, "files"))
      picked[`${key}.files`] = section2.files;
  }
  return pickedJson(picked);
}
const php = {
  name: "php",
  fenceTags: ["php"],
  extensions: [".php"],
  target: "solution.php",
  command: "php solution.php",
  image: "php:8.3-cli",
  // Errors only: a warning or a deprecation printed before the error could quote the candidate's text.
  check: (file) => [
    "php",
    "-l",
    "-d",
    "display_errors=stderr",
    "-d",
    "error_reporting=E_ERROR|E_PARSE|E_CORE_ERROR|E_COMPILE_ERROR",
    file
  ],
  readCheck: php_readCheck,
  codeLines: [
    /<\?php/,
    /^\s*\$\w+\s*(\[.*\])?\s*[.+\-*/]?=/,
    /^\s*(function|echo|return)\b.*[;{]\s*$/,
    ...COMMON_CODE_LINES
  ],
  protect: {
    tests: ["**/*Test.php"],
    preloaded: ["**/Pest.php"],
    importHooks: [],
    // Composer's autoloader runs its `files` before any test (phpunit's usual bootstrap).
    runner: ["**/vendor/bin/**", "**/vendor/phpunit/**", "**/vendor/autoload.php", "**/vendor/composer/**"],
    compiled: [],
    config: ["**/phpunit.xml", "**/phpunit.xml.dist", "**/phpunit.dist.xml"],
    sections: [
      { glob: "**/composer.json", what: "composer.json's scripts and autoloaded files", relevant: composerRunKeys }
    ],
    // PHPUnit reads its configuration from the working directory, the tree's root.
    loadedByConfig: ["phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml"].map((config) => ({
      config,
      named: phpunitLoads
    }))
  }
};
;
const VERDICT_ENV = "SANDBOX_GATE_NONCE";
const VERDICT_PREFIX = "sandbox-gate:verdict:";
const RUN_PREFIX = "sandbox-gate:run:";
const GUARD_DIR = "/tmp/.sandbox-gate-guard";
const PYTHON_GUARD_FILE = "sitecustomize.py";
;
const STDLIB = `
__future__ _abc _aix_support _android_support _ast _asyncio _bisect _blake2 _bootsubprocess _bz2 _codecs
_codecs_cn _codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections _collections_abc _colorize
_compat_pickle _compression _contextvars _crypt _csv _ctypes _curses _curses_panel _datetime _dbm _decimal
_elementtree _frozen_importlib _frozen_importlib_external _functools _gdbm _hashlib _heapq _imp
_interpchannels _interpqueues _interpreters _io _ios_support _json _locale _lsprof _lzma _markupbase _md5 _msi
_multibytecodec _multiprocessing _opcode _opcode_metadata _operator _osx_support _overlapped _pickle
_posixshmem _posixsubprocess _py_abc _pydatetime _pydecimal _pyio _pylong _pyrepl _queue _random _scproxy
_sha1 _sha2 _sha256 _sha3 _sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat _statistics _string
_strptime _struct _suggestions _symtable _sysconfig _thread _threading_local _tkinter _tokenize _tracemalloc
_typing _uuid _warnings _weakref _weakrefset _winapi _wmi _zoneinfo abc aifc antigravity argparse array ast
asynchat asyncio asyncore atexit audioop base64 bdb binascii binhex bisect builtins bz2 cProfile calendar cgi
cgitb chunk cmath cmd code codecs codeop collections colorsys compileall concurrent configparser contextlib
contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils
doctest email encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib
functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib
imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale logging lzma
mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt
ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil
platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data
pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched secrets select selectors
shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile
sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig
syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize
tomllib trace traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid
venv warnings wave weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib
zoneinfo
`;
const PYTHON_STDLIB_MODULES = STDLIB.split(/\s+/).filter(Boolean);
;
const KEY_PART = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/y;
function tomlKey(text) {
  const parts = [];
  for (let at = 0; at < text.length; at = KEY_PART.lastIndex) {
    KEY_PART.lastIndex = at;
    const m = KEY_PART.exec(text);
    if (!m)
      return void 0;
    if (m[1] !== void 0) {
      try {
        parts.push(JSON.parse(`"${m[1]}"`));
      } catch {
        return void 0;
      }
    } else
      parts.push(m[2] ?? m[3]);
  }
  return parts.length > 0 ? parts : void 0;
}
function scanLine(text, scan) {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const triple = text.startsWith(c.repeat(3), i);
    if (scan.mode === "code") {
      if (c === "#")
        break;
      if (c === '"' || c === "'") {
        scan.mode = triple ? c === '"' ? "mlBasic" : "mlLiteral" : c === '"' ? "basic" : "literal";
        if (triple)
          i += 2;
      } else if (c === "[" || c === "{")
        scan.depth++;
      else if (c === "]" || c === "}")
        scan.depth = Math.max(0, scan.depth - 1);
    } else if ((scan.mode === "basic" || scan.mode === "mlBasic") && c === "\\")
      i++;
    else if (scan.mode === "basic" && c === '"' || scan.mode === "literal" && c === "'")
      scan.mode = "code";
    else if (scan.mode === "mlBasic" && c === '"' && triple || scan.mode === "mlLiteral" && c === "'" && triple) {
      scan.mode = "code";
      i += 2;
    }
  }
  if (scan.mode === "basic" || scan.mode === "literal")
    scan.mode = "code";
}
const QUOTED = `"(?:[^"\\\\]|\\\\.)*"|'[^']*'`;
const HEADER = new RegExp(`^\\s*\\[\\[?((?:${QUOTED}|[^\\]"'])*)\\]\\]?`);
const KEY_LINE = new RegExp(`^\\s*((?:${QUOTED}|[^="'#\\[])+)=`);
function tomlSections(text, sections) {
  const prefix = (short, long) => short.every((part, i) => part === long[i]);
  const related = (path2, header2) => path2 === void 0 || sections.some((s) => path2.length >= s.length ? prefix(s, path2) : !header2 && prefix(path2, s));
  const kept = [];
  const scan = { mode: "code", depth: 0 };
  let table2 = [];
  let owner = [];
  for (const line of text.split("\n")) {
    let rest = line;
    let header2 = false;
    if (scan.mode === "code" && scan.depth === 0) {
      const head = HEADER.exec(line);
      const key = head ? void 0 : KEY_LINE.exec(line);
      header2 = head !== null;
      if (head) {
        owner = tomlKey(head[1]);
        table2 = owner ?? [];
        rest = line.slice(head[0].length);
      } else if (key) {
        const parts = tomlKey(key[1]);
        owner = parts && [...table2, ...parts];
        rest = line.slice(key[0].length);
      } else if (/^\s*(#.*)?\r?$/.test(line))
        continue;
      else
        owner = void 0;
    }
    scanLine(rest, scan);
    if (related(owner, header2))
      kept.push(line.trim());
  }
  return kept.join("\n");
}
;
const CHECK = [
  "import sys",
  "p = sys.argv[1]",
  "def verdict(info):",
  "    import json, os",
  // A JSON string literal is a Python one too.
  `    sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + os.environ.get('${VERDICT_ENV}', '') + '\\n' + json.dumps(info) + '\\n')`,
  "    sys.exit(1)",
  "try:",
  "    compile(open(p, 'rb').read(), p, 'exec')",
  "except SyntaxError as e:",
  "    verdict({'message': e.msg, 'file': e.filename, 'line': e.lineno, 'column': e.offset})",
  "except (ValueError, RecursionError, MemoryError) as e:",
  "    verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})"
].join("\n");
const CHECK_SERVER = [
  "import sys",
  "src, out = sys.stdin.buffer, sys.stdout",
  "while True:",
  "    size = src.readline()",
  "    if not size:",
  "        break",
  "    source = src.read(int(size))",
  "    try:",
  "        compile(source, 'candidate', 'exec')",
  "        parses = '1'",
  "    except BaseException:",
  "        parses = '0'",
  "    out.write(parses + '\\n')",
  "    out.flush()"
].join("\n");
const CHECK_AND_RUN = [
  "def _sandbox_gate():",
  // sys is built in, os loaded by the interpreter's start (site) and the importer frozen: none is looked
  // up on the path. What else we import comes from the standard library's directory alone: `warnings` is
  // not always loaded at start (Debian's python3 in a bare environment does not load it), and the work dir
  // may be on the path twice (`-c`'s entry, an image's PYTHONPATH): a candidate's warnings.py or json.py
  // found there would run here, with the nonce in the environment.
  "    import sys, os, _frozen_importlib_external as bootstrap",
  "    if sys.path[:1] == ['']:",
  "        del sys.path[0]",
  "    std = os.path.dirname(os.__file__)",
  "    def stdlib(name):",
  "        path = sys.path",
  "        sys.path = [std, os.path.join(std, 'lib-dynload')]",
  "        try:",
  "            return __import__(name)",
  "        finally:",
  "            sys.path = path",
  "    warnings = stdlib('warnings')",
  `    nonce = os.environ.pop('${VERDICT_ENV}', '')`,
  "    p = sys.argv[1]",
  "    def verdict(info):",
  "        json = stdlib('json')",
  `        sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + nonce + '\\n' + json.dumps(info) + '\\n')`,
  "        sys.exit(1)",
  "    path = os.path.abspath(p)",
  "    try:",
  "        with warnings.catch_warnings(record=True) as held:",
  "            warnings.simplefilter('always')",
  "            code = compile(open(p, 'rb').read(), path, 'exec', dont_inherit=True)",
  "    except SyntaxError as e:",
  "        verdict({'message': e.msg, 'file': p, 'line': e.lineno, 'column': e.offset})",
  "    except (ValueError, RecursionError, MemoryError) as e:",
  "        verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})",
  `    sys.stderr.write(${JSON.stringify(RUN_PREFIX)} + nonce + '\\n')`,
  "    sys.stderr.flush()",
  "    del nonce",
  "    for w in held:",
  "        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)",
  "    main = sys.modules['__main__'].__dict__",
  // compile() called from here keeps its warnings' registry in these globals: `python3 FILE` has none.
  "    del main['_sandbox_gate']",
  "    main.pop('__warningregistry__', None)",
  "    main.update(__file__=path, __cached__=None, __loader__=bootstrap.SourceFileLoader('__main__', path))",
  "    del sys.argv[0]",
  "    sys.path.insert(0, os.path.dirname(os.path.realpath(p)))",
  "    try:",
  "        exec(code, main)",
  "    except (SystemExit, KeyboardInterrupt):",
  "        raise",
  "    except BaseException as e:",
  "        e.__traceback__ = e.__traceback__.tb_next",
  "        sys.excepthook(type(e), e, e.__traceback__)",
  "        raise SystemExit(1)",
  "_sandbox_gate()"
].join("\n");
function checkAndRun(file, command) {
  const words = command.trim().split(/\s+/);
  const plain = /^[\w./-]+$/.test(file);
  if (!plain || words.length !== 2 || words[1] !== file || !["python3", "python"].includes(words[0]))
    return void 0;
  return [words[0], "-c", CHECK_AND_RUN, file];
}
function python_readCheck(_output, verdict) {
  if (verdict === void 0)
    return void 0;
  try {
    const info2 = JSON.parse(verdict);
    if (typeof info2 !== "object" || info2 === null)
      return void 0;
    const { message, file, line: lineNo, column } = info2;
    if (typeof message !== "string")
      return void 0;
    return {
      message,
      file: typeof file === "string" ? file : void 0,
      line: positive(lineNo),
      column: positive(column)
    };
  } catch {
    return void 0;
  }
}
const CODE_LINES = [
  /^\s*(async\s+)?def\s+\w+\s*\(/,
  /^\s*class\s+\w+\s*[(:]/,
  /^\s*import\s+[\w.]+(\s+as\s+\w+)?(\s*,\s*[\w.]+)*\s*$/,
  /^\s*from\s+[\w.]+\s+import\s+/,
  /^\s*(if|elif|else|for|while|with|try|except|finally)\b.*:\s*(#.*)?$/,
  /^\s*(return|raise|yield|assert|pass|break|continue)\b/,
  /^\s*@\w+/
];
function anyCase(word) {
  return [...word].map((c) => c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`).join("");
}
const METADATA_DIRS = [anyCase(".dist-info"), anyCase(".egg-info")].flatMap((suffix) => [
  `**/*${suffix}`,
  `**/*${suffix}/**`
]);
const PYPROJECT_TABLES = [
  ["tool", "pytest"],
  ["tool", "coverage"],
  ["tool", "tox"],
  ["project", "entry-points", "pytest11"]
];
const RUNNER_MODULES = [
  "pytest",
  "_pytest",
  "py",
  "pluggy",
  "iniconfig",
  "packaging",
  "attr",
  "attrs",
  "exceptiongroup",
  "tomli",
  "colorama"
];
const SUFFIX = String.raw`(?:\.py|\.pyc|(?:\.[^./]+)?\.so)`;
const MODULE_FILE = new RegExp(String.raw`^(?:(.*)/)?([A-Za-z_]\w*)${SUFFIX}$`);
const PACKAGE_FILE = new RegExp(String.raw`^(?:(.*)/)?([A-Za-z_]\w*)/__init__${SUFFIX}$`);
const shadowing = {
  names: [...PYTHON_STDLIB_MODULES, ...RUNNER_MODULES],
  // pytest imports its installed plugins by module name (pytest_cov, pytest_xdist's xdist aside).
  prefixes: ["pytest_"],
  moduleOf(path2) {
    const m = PACKAGE_FILE.exec(path2) ?? MODULE_FILE.exec(path2);
    return m ? { dir: m[1] ?? "", name: m[2] } : void 0;
  },
  packageMarker: "__init__.py"
};
function moduleFiles(name) {
  const parts = name.split(".");
  const packages = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join("/")}/__init__.py`);
  return [...packages, `${parts.join("/")}.py`, `${parts.join("/")}/__init__.py`];
}
function pythonModuleNames(paths) {
  const names = /* @__PURE__ */ new Set();
  for (const path2 of paths) {
    const m = /^(.*?)(?:\/__init__)?\.py$/.exec(path2);
    if (!m || m[1] === "")
      continue;
    const parts = m[1].split("/");
    if (!parts.every((part) => /^[A-Za-z_]\w*$/.test(part)))
      continue;
    for (let i = 0; i < parts.length; i++)
      names.add(parts.slice(i).join("."));
  }
  return names;
}
const MODULE_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
function pytestOptionPlugins(text) {
  const words = text.split(/[\s"',[\]=]+/);
  const names = words.flatMap((word, i) => word === "-p" ? [words[i + 1] ?? ""] : word.startsWith("-p") ? [word.slice(2)] : []);
  return names.filter((name) => MODULE_NAME.test(name)).flatMap(moduleFiles);
}
function conftestPlugins(text) {
  const value = /^pytest_plugins\s*=\s*(\[[^\]]*\]|\([^)]*\)|"[^"]*"|'[^']*')/m.exec(text)?.[1] ?? "";
  return [...value.matchAll(/["']([^"']*)["']/g)].map((m) => m[1]).filter((name) => MODULE_NAME.test(name)).flatMap(moduleFiles);
}
const PYTEST_CONFIGS = [
  "pytest.ini",
  ".pytest.ini",
  "pytest.toml",
  ".pytest.toml",
  "pyproject.toml",
  "tox.ini",
  "setup.cfg"
];
const CONFTESTS = ["conftest.py", "tests/conftest.py", "test/conftest.py"];
const python = {
  name: "python",
  fenceTags: ["python", "py", "python3", "py3"],
  extensions: [".py"],
  target: "solution.py",
  command: "python3 solution.py",
  image: "python:3.12-slim",
  check: (file) => ["python3", "-I", "-S", "-W", "ignore", "-c", CHECK, file],
  checkAndRun,
  checkServer: ["python3", "-I", "-S", "-W", "ignore", "-c", CHECK_SERVER],
  readCheck: python_readCheck,
  codeLines: [...CODE_LINES, ...COMMON_CODE_LINES],
  protect: {
    tests: ["**/test_*.py", "**/*_test.py"],
    // A test package's __init__.py runs before its tests, as conftest does; pytest also imports every
    // __init__.py above it while the directories have one, so a new one at the root runs too.
    preloaded: ["**/conftest.py", "**/tests/__init__.py", "**/test/__init__.py", "__init__.py"],
    // Run at start-up, or found by the runner's plugin discovery: site's hooks (a module or a package of
    // the name), .pth files, editable installs' finders, package metadata with entry points.
    importHooks: [
      "**/sitecustomize.py",
      "**/sitecustomize/**",
      "**/usercustomize.py",
      "**/usercustomize/**",
      "**/*.pth",
      "**/__editable__*",
      "**/*.egg-link",
      ...METADATA_DIRS
    ],
    runner: [
      "**/pytest.py",
      "**/pytest/__init__.py",
      "**/_pytest/**",
      "**/unittest.py",
      "**/unittest/__init__.py",
      "**/.venv/**",
      // pytest's own machinery, imported by it before any test.
      "**/pluggy.py",
      "**/pluggy/**",
      "**/iniconfig.py",
      "**/iniconfig/**"
    ],
    // The bytecode caches: the import system runs a cached file whose stamp matches the source's (the
    // sandbox gives every base file one fixed mtime, so a stamp is easy to forge) or one compiled
    // unchecked, and pytest its assertion-rewritten copy in __pycache__; a .pyc without its source runs too.
    compiled: ["**/__pycache__", "**/__pycache__/**", "**/*.pyc", "**/*.pyo"],
    config: [
      "**/pytest.ini",
      "**/.pytest.ini",
      "**/pytest.toml",
      "**/.pytest.toml",
      "**/tox.ini",
      "**/setup.cfg",
      "**/.coveragerc"
    ],
    sections: [
      {
        glob: "**/pyproject.toml",
        what: "the test runner's section of pyproject.toml",
        relevant: (text) => tomlSections(text, PYPROJECT_TABLES)
      }
    ],
    shadowing,
    // The base's own plugins, named by module: code that runs inside the runner, as conftest's does.
    loadedByConfig: [
      ...PYTEST_CONFIGS.map((config) => ({ config, named: pytestOptionPlugins })),
      ...CONFTESTS.map((config) => ({
        config,
        // Found from the tree's root (on the path under `python -m pytest`), or from the conftest's own
        // directory when pytest's prepend put it there: both.
        named: (text) => conftestPlugins(text).flatMap((path2) => [`${"../".repeat(config.split("/").length - 1)}${path2}`, path2])
      }))
    ]
  }
};
;
const typescript_CHECK = [
  "const { stripTypeScriptTypes } = require('node:module');",
  "const { spawnSync } = require('node:child_process');",
  "const file = process.argv[1];",
  "let js;",
  "try { js = stripTypeScriptTypes(require('node:fs').readFileSync(file, 'utf8')); }",
  "catch (e) { process.stderr.write(file + String(e.stack).split('\\n    at ')[0] + '\\n'); process.exit(1); }",
  "const r = spawnSync(process.execPath, ['--check', '--input-type=module'], { input: js, encoding: 'utf8' });",
  "process.stderr.write(r.stderr.replace(/^\\[stdin\\]/, file));",
  "process.exit(r.status ?? 1);"
].join("\n");
const typescript = {
  name: "typescript",
  fenceTags: ["typescript", "ts", "tsx", "mts", "cts"],
  extensions: [".ts", ".mts", ".cts"],
  target: "solution.ts",
  // Node 24 strips types itself, so the image needs nothing beyond node.
  command: "node solution.ts",
  image: "node:24-slim",
  check: (file) => ["node", "--disable-warning=ExperimentalWarning", "-e", typescript_CHECK, file],
  readCheck: readNodeCheck,
  codeLines: [...JS_CODE_LINES, /^\s*(export\s+)?(interface|type|enum)\s+\w+/, ...COMMON_CODE_LINES],
  protect: javascript.protect
};
;
const LANGUAGE_LIST = [python, javascript, typescript, bash, php];
const LANGUAGES = Object.fromEntries(LANGUAGE_LIST.map((spec) => [spec.name, spec]));
const LANGUAGE_NAMES = LANGUAGE_LIST.map((spec) => spec.name);
function isLanguage(name) {
  return Object.hasOwn(LANGUAGES, name);
}
function languageOfTag(info2) {
  const tag = info2.trim().split(/[\s{,]/, 1)[0]?.toLowerCase().replace(/^\./, "") ?? "";
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].fenceTags.includes(tag));
}
function languageOfPath(path2) {
  const lower = path2.toLowerCase();
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].extensions.some((ext2) => lower.endsWith(ext2)));
}
;
const external_node_os_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:os");
;
const FAILED = "\u274C";
const CATALOGUE = [
  { status: "no_code", label: "no code", icon: FAILED, phrase: "holds no code", is: [] },
  { status: "patch_failed", label: "patch failed", icon: FAILED, phrase: "has a patch that does not apply", is: [] },
  {
    // Set after the run, over the run's own status, which the result keeps in its notes: the run (with the
    // base's versions of the protected files) may have ended any way, so nothing says it ran to its end.
    status: "protected",
    label: "protected",
    shown: "protected files changed",
    icon: "\u{1F6E1}\uFE0F",
    phrase: "changed the tests or their runner",
    is: ["codeRan", "sandboxed"]
  },
  { status: "syntax_error", label: "syntax error", icon: FAILED, phrase: "does not parse", is: ["sandboxed"] },
  {
    status: "timeout",
    label: "timeout",
    icon: "\u23F1\uFE0F",
    phrase: "timed out",
    is: ["codeRan", "sandboxed", "cutShort", "rerunnable"]
  },
  {
    status: "oom",
    label: "out of memory",
    icon: "\u{1F4A5}",
    phrase: "ran out of memory",
    is: ["codeRan", "sandboxed", "cutShort"]
  },
  {
    status: "test_failed",
    label: "tests failed",
    icon: FAILED,
    phrase: "fails the tests",
    is: ["ranToEnd", "codeRan", "sandboxed", "rerunnable"]
  },
  {
    status: "pass",
    label: "pass",
    shown: "passed",
    icon: "\u2705",
    phrase: "passes the tests",
    is: ["ranToEnd", "codeRan", "sandboxed"]
  },
  {
    status: "sandbox_error",
    label: "sandbox error",
    shown: "sandbox error (ours: re-run)",
    icon: "\u26A0\uFE0F",
    phrase: "could not be judged (our sandbox failed: re-run)",
    is: ["sandboxed", "cutShort", "ours"]
  }
];
const statuses_STATUSES = CATALOGUE.map((entry) => entry.status);
const statuses_STATUS_INFO = Object.fromEntries(CATALOGUE.map((entry) => [entry.status, info(entry)]));
function info({ label: label2, shown: shown2, icon, phrase, is }) {
  const has = (trait) => is.includes(trait);
  return {
    label: label2,
    shown: shown2 ?? label2,
    icon,
    phrase,
    ranToEnd: has("ranToEnd"),
    codeRan: has("codeRan"),
    sandboxed: has("sandboxed"),
    cutShort: has("cutShort"),
    rerunnable: has("rerunnable"),
    ours: has("ours")
  };
}
function statusesWhere(flag) {
  return new Set(statuses_STATUSES.filter((s) => statuses_STATUS_INFO[s][flag]));
}
const statuses_EVERY_FAILURE = new Set(statuses_STATUSES.filter((s) => s !== "pass"));
const RAN_TO_END = statusesWhere("ranToEnd");
const statuses_CODE_RAN = statusesWhere("codeRan");
const CUT_SHORT = statusesWhere("cutShort");
const RERUNNABLE = statusesWhere("rerunnable");
;
function filesBytes(files) {
  let bytes = 0;
  for (const file of files)
    bytes += typeof file.content === "string" ? Buffer.byteLength(file.content) : file.content.byteLength;
  return bytes;
}
;
const balanced = (a, b, str) => {
  const ma = a instanceof RegExp ? maybeMatch(a, str) : a;
  const mb = b instanceof RegExp ? maybeMatch(b, str) : b;
  const r = ma !== null && mb != null && range(ma, mb, str);
  return r && {
    start: r[0],
    end: r[1],
    pre: str.slice(0, r[0]),
    body: str.slice(r[0] + ma.length, r[1]),
    post: str.slice(r[1] + mb.length)
  };
};
const maybeMatch = (reg, str) => {
  const m = str.match(reg);
  return m ? m[0] : null;
};
const range = (a, b, str) => {
  let begs, beg, left2, right = void 0, result;
  let ai = str.indexOf(a);
  let bi = str.indexOf(b, ai + 1);
  let i = ai;
  if (ai >= 0 && bi > 0) {
    if (a === b) {
      return [ai, bi];
    }
    begs = [];
    left2 = str.length;
    while (i >= 0 && !result) {
      if (i === ai) {
        begs.push(i);
        ai = str.indexOf(a, i + 1);
      } else if (begs.length === 1) {
        const r = begs.pop();
        if (r !== void 0)
          result = [r, bi];
      } else {
        beg = begs.pop();
        if (beg !== void 0 && beg < left2) {
          left2 = beg;
          right = bi;
        }
        bi = str.indexOf(b, i + 1);
      }
      i = ai < bi && ai >= 0 ? ai : bi;
    }
    if (begs.length && right !== void 0) {
      result = [left2, right];
    }
  }
  return result;
};
;
const escSlash = "\0SLASH" + Math.random().toFixed(16) + "\0";
const escOpen = "\0OPEN" + Math.random().toFixed(16) + "\0";
const escClose = "\0CLOSE" + Math.random().toFixed(16) + "\0";
const escComma = "\0COMMA" + Math.random().toFixed(16) + "\0";
const escPeriod = "\0PERIOD" + Math.random().toFixed(16) + "\0";
const escSlashPattern = new RegExp(escSlash, "g");
const escOpenPattern = new RegExp(escOpen, "g");
const escClosePattern = new RegExp(escClose, "g");
const escCommaPattern = new RegExp(escComma, "g");
const escPeriodPattern = new RegExp(escPeriod, "g");
const slashPattern = /\\\\/g;
const openPattern = /\\{/g;
const closePattern = /\\}/g;
const commaPattern = /\\,/g;
const periodPattern = /\\\./g;
const EXPANSION_MAX = 1e5;
const EXPANSION_MAX_LENGTH = 4e6;
const EXPANSION_MAX_DEPTH = 1e3;
const EXPANSION_MAX_REWRITES = 1e3;
const EXPANSION_MAX_STEPS = 2e7;
const CALL_STEPS = 16;
function numeric(str) {
  return !isNaN(str) ? parseInt(str, 10) : str.charCodeAt(0);
}
function escapeBraces(str) {
  return str.replace(slashPattern, escSlash).replace(openPattern, escOpen).replace(closePattern, escClose).replace(commaPattern, escComma).replace(periodPattern, escPeriod);
}
function unescapeBraces(str) {
  return str.replace(escSlashPattern, "\\").replace(escOpenPattern, "{").replace(escClosePattern, "}").replace(escCommaPattern, ",").replace(escPeriodPattern, ".");
}
function pushAll(target, items) {
  for (let i = 0; i < items.length; i++) {
    target.push(items[i]);
  }
}
function balancedWithBudget(str, masked, budget) {
  if (budget.remaining < 0) {
    return void 0;
  }
  const r = range("{", "}", masked);
  const unmatched = r !== void 0 && masked.indexOf("{") < r[0];
  budget.remaining -= r && !unmatched ? r[1] + 1 : str.length;
  if (!r || budget.remaining < 0) {
    return void 0;
  }
  return {
    end: r[1],
    pre: str.slice(0, r[0]),
    body: str.slice(r[0] + 1, r[1]),
    post: str.slice(r[1] + 1),
    unmatched
  };
}
function maskUnmatchedOpens(masked, budget) {
  budget.remaining -= masked.length;
  const open = [];
  for (let i = 0; i < masked.length; i++) {
    const c = masked.charCodeAt(i);
    if (c === 123) {
      open.push(i);
    } else if (c === 125 && open.length) {
      open.pop();
    }
  }
  let out = "";
  let last = 0;
  for (let i = 0; i < open.length; i++) {
    const at = open[i];
    out += masked.slice(last, at) + "\0";
    last = at + 1;
  }
  return out + masked.slice(last);
}
function commaSetFollows(str, budget) {
  budget.remaining -= str.length;
  if (budget.remaining < 0) {
    return false;
  }
  let close = false;
  for (let i = str.length - 1; i >= 0; i--) {
    const c = str.charCodeAt(i);
    if (c === 125) {
      close = true;
    } else if (c === 10 || c === 13 || c === 8232 || c === 8233) {
      close = false;
    } else if (c === 44 && close && str.charCodeAt(i + 1) !== 44) {
      return true;
    }
  }
  return false;
}
function parseCommaParts(str, budget) {
  const parts = [];
  let carry = "";
  for (; ; ) {
    const m = balancedWithBudget(str, str, budget);
    if (budget.remaining < 0) {
      return void 0;
    }
    if (!m) {
      const tail2 = str.split(",");
      tail2[0] = carry + tail2[0];
      pushAll(parts, tail2);
      return parts;
    }
    const { pre, body, post } = m;
    const p = pre.split(",");
    p[0] = carry + p[0];
    p[p.length - 1] += "{" + body + "}";
    if (!post.length) {
      pushAll(parts, p);
      return parts;
    }
    carry = p.pop();
    pushAll(parts, p);
    str = post;
  }
}
function bound(value, fallback) {
  return value === void 0 || isNaN(value) ? fallback : value;
}
function expand(str, options = {}) {
  if (!str) {
    return [];
  }
  const max = bound(options.max, EXPANSION_MAX);
  const maxLength = bound(options.maxLength, EXPANSION_MAX_LENGTH);
  const maxDepth = bound(options.maxDepth, EXPANSION_MAX_DEPTH);
  const maxRewrites = bound(options.maxRewrites, EXPANSION_MAX_REWRITES);
  const maxSteps = bound(options.maxSteps, EXPANSION_MAX_STEPS);
  if (str.slice(0, 2) === "{}") {
    str = "\\{\\}" + str.slice(2);
  }
  return expand_(escapeBraces(str), max, maxLength, maxDepth, 0, maxRewrites, { remaining: maxSteps }, true).map(unescapeBraces);
}
function embrace(str) {
  return "{" + str + "}";
}
function isPadded(el) {
  return /^-?0\d/.test(el);
}
function lte(i, y) {
  return i <= y;
}
function gte(i, y) {
  return i >= y;
}
function combine(acc, pre, values, max, maxLength, dropEmpties, budget) {
  const out = [];
  let length = 0;
  let nonEmpty;
  outer: for (let a = 0; a < acc.length; a++) {
    const prefix = acc[a] + pre;
    let vs = values;
    if (dropEmpties && !prefix) {
      if (!nonEmpty)
        nonEmpty = values.filter((v) => v);
      vs = nonEmpty;
    }
    for (let v = 0; v < vs.length; v++) {
      if (out.length >= max)
        break outer;
      const expansion = prefix + vs[v];
      if (length + expansion.length > maxLength)
        break outer;
      out.push(expansion);
      length += expansion.length;
    }
  }
  budget.remaining -= out.length;
  return out;
}
function expandSequence(body, isAlphaSequence, max, maxLength, budget) {
  const n = body.split(/\.\./);
  const N = [];
  if (n[0] === void 0 || n[1] === void 0) {
    return N;
  }
  const x = numeric(n[0]);
  const y = numeric(n[1]);
  const width = Math.max(n[0].length, n[1].length);
  let incr = n.length === 3 && n[2] !== void 0 ? Math.max(Math.abs(numeric(n[2])), 1) : 1;
  let test = lte;
  const reverse = y < x;
  if (reverse) {
    incr *= -1;
    test = gte;
  }
  const pad = n.some(isPadded);
  const cost = pad ? width : 1;
  let length = 0;
  for (let i = x; test(i, y) && N.length < max; i += incr) {
    budget.remaining -= cost;
    if (budget.remaining < 0) {
      return void 0;
    }
    let c;
    if (isAlphaSequence) {
      c = String.fromCharCode(i);
      if (c === "\\") {
        c = "";
      }
    } else {
      c = String(i);
      if (pad) {
        const need = width - c.length;
        if (need > 0) {
          const z = new Array(need + 1).join("0");
          if (i < 0) {
            c = "-" + z + c.slice(1);
          } else {
            c = z + c;
          }
        }
      }
    }
    if (length + c.length > maxLength)
      break;
    N.push(c);
    length += c.length;
  }
  return N;
}
function expand_(str, max, maxLength, maxDepth, depth, maxRewrites, budget, isTop) {
  budget.remaining -= CALL_STEPS;
  if (depth > maxDepth) {
    return [str];
  }
  let acc = [""];
  let rewrites = 0;
  let dropEmpties = false;
  let firstGroup = true;
  let masked = str;
  for (; ; ) {
    const m = balancedWithBudget(str, masked, budget);
    if (!m) {
      return combine(acc, str, [""], max, maxLength, dropEmpties, budget);
    }
    if (m.unmatched) {
      masked = maskUnmatchedOpens(masked, budget);
    }
    const pre = m.pre;
    const literal = () => combine(acc, pre + "{" + m.body + "}" + m.post, [""], max, maxLength, dropEmpties, budget);
    if (/\$$/.test(pre)) {
      acc = combine(acc, pre + "{" + m.body + "}", [""], max, maxLength, dropEmpties && !m.post.length, budget);
      firstGroup = false;
      if (!m.post.length)
        break;
      str = m.post;
      masked = masked.slice(m.end + 1);
      continue;
    }
    const isNumericSequence = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(m.body);
    const isAlphaSequence = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(m.body);
    const isSequence = isNumericSequence || isAlphaSequence;
    const isOptions = m.body.indexOf(",") >= 0;
    if (!isSequence && !isOptions) {
      if (rewrites < maxRewrites && commaSetFollows(m.post, budget)) {
        rewrites++;
        str = m.pre + "{" + m.body + escClose + m.post;
        masked = masked.slice(0, m.end) + escClose + masked.slice(m.end + 1);
        isTop = true;
        continue;
      }
      return literal();
    }
    if (firstGroup) {
      dropEmpties = isTop && !isSequence;
      firstGroup = false;
    }
    let values;
    if (isSequence) {
      values = expandSequence(m.body, isAlphaSequence, max, maxLength, budget);
      if (!values) {
        return literal();
      }
    } else {
      let n = parseCommaParts(m.body, budget);
      if (!n) {
        return literal();
      }
      if (n.length === 1 && n[0] !== void 0) {
        n = expand_(n[0], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false).map(embrace);
        if (budget.remaining < 0) {
          return literal();
        }
        if (n.length === 1) {
          const next2 = combine(acc, pre + n[0], [""], max, maxLength, dropEmpties && !m.post.length, budget);
          if (budget.remaining < 0) {
            return literal();
          }
          acc = next2;
          if (!m.post.length)
            break;
          str = m.post;
          masked = masked.slice(m.end + 1);
          continue;
        }
      }
      let dropsEmpties = dropEmpties && !m.post.length && !pre;
      for (let d = 0; dropsEmpties && d < acc.length; d++) {
        if (acc[d]) {
          dropsEmpties = false;
        }
      }
      values = [];
      let valuesLength = 0;
      outer: for (let j = 0; j < n.length; j++) {
        const expanded = expand_(n[j], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false);
        if (budget.remaining < 0) {
          return literal();
        }
        for (let k = 0; k < expanded.length; k++) {
          const v = expanded[k];
          if (dropsEmpties && !v)
            continue;
          if (values.length >= max || valuesLength + v.length > maxLength) {
            break outer;
          }
          values.push(v);
          valuesLength += v.length;
        }
      }
    }
    const next = combine(acc, pre, values, max, maxLength, dropEmpties && !m.post.length, budget);
    if (budget.remaining < 0) {
      return literal();
    }
    acc = next;
    if (!m.post.length)
      break;
    str = m.post;
    masked = masked.slice(m.end + 1);
  }
  return acc;
}
;
const MAX_PATTERN_LENGTH = 1024 * 64;
const assertValidPattern = (pattern) => {
  if (typeof pattern !== "string") {
    throw new TypeError("invalid pattern");
  }
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new TypeError("pattern is too long");
  }
};
;
const posixClasses = {
  "[:alnum:]": ["\\p{L}\\p{Nl}\\p{Nd}", true],
  "[:alpha:]": ["\\p{L}\\p{Nl}", true],
  "[:ascii:]": ["\\x00-\\x7f", false],
  "[:blank:]": ["\\p{Zs}\\t", true],
  "[:cntrl:]": ["\\p{Cc}", true],
  "[:digit:]": ["\\p{Nd}", true],
  "[:graph:]": ["\\p{Z}\\p{C}", true, true],
  "[:lower:]": ["\\p{Ll}", true],
  "[:print:]": ["\\p{C}", true],
  "[:punct:]": ["\\p{P}", true],
  "[:space:]": ["\\p{Z}\\t\\r\\n\\v\\f", true],
  "[:upper:]": ["\\p{Lu}", true],
  "[:word:]": ["\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}", true],
  "[:xdigit:]": ["A-Fa-f0-9", false]
};
const braceEscape = (s) => s.replace(/[[\]\\-]/g, "\\$&");
const regexpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, "\\$&");
const rangesToString = (ranges) => ranges.join("");
const parseClass = (glob, position) => {
  const pos = position;
  if (glob.charAt(pos) !== "[") {
    throw new Error("not in a brace expression");
  }
  const ranges = [];
  const negs = [];
  let i = pos + 1;
  let sawStart = false;
  let uflag = false;
  let escaping = false;
  let negate = false;
  let endPos = pos;
  let rangeStart = "";
  WHILE: while (i < glob.length) {
    const c = glob.charAt(i);
    if ((c === "!" || c === "^") && i === pos + 1) {
      negate = true;
      i++;
      continue;
    }
    if (c === "]" && sawStart && !escaping) {
      endPos = i + 1;
      break;
    }
    sawStart = true;
    if (c === "\\") {
      if (!escaping) {
        escaping = true;
        i++;
        continue;
      }
    }
    if (c === "[" && !escaping) {
      for (const [cls, [unip, u, neg]] of Object.entries(posixClasses)) {
        if (glob.startsWith(cls, i)) {
          if (rangeStart) {
            return ["$.", false, glob.length - pos, true];
          }
          i += cls.length;
          if (neg)
            negs.push(unip);
          else
            ranges.push(unip);
          uflag = uflag || u;
          continue WHILE;
        }
      }
    }
    escaping = false;
    if (rangeStart) {
      if (c > rangeStart) {
        ranges.push(braceEscape(rangeStart) + "-" + braceEscape(c));
      } else if (c === rangeStart) {
        ranges.push(braceEscape(c));
      }
      rangeStart = "";
      i++;
      continue;
    }
    if (glob.startsWith("-]", i + 1)) {
      ranges.push(braceEscape(c + "-"));
      i += 2;
      continue;
    }
    if (glob.startsWith("-", i + 1)) {
      rangeStart = c;
      i += 2;
      continue;
    }
    ranges.push(braceEscape(c));
    i++;
  }
  if (endPos < i) {
    return ["", false, 0, false];
  }
  if (!ranges.length && !negs.length) {
    return ["$.", false, glob.length - pos, true];
  }
  if (negs.length === 0 && ranges.length === 1 && /^\\?.$/.test(ranges[0]) && !negate) {
    const r = ranges[0].length === 2 ? ranges[0].slice(-1) : ranges[0];
    return [regexpEscape(r), false, endPos - pos, false];
  }
  const sranges = "[" + (negate ? "^" : "") + rangesToString(ranges) + "]";
  const snegs = "[" + (negate ? "" : "^") + rangesToString(negs) + "]";
  const comb = ranges.length && negs.length ? "(" + sranges + "|" + snegs + ")" : ranges.length ? sranges : snegs;
  return [comb, uflag, endPos - pos, true];
};
;
const unescape_unescape = (s, { windowsPathsNoEscape = false, magicalBraces = true } = {}) => {
  if (magicalBraces) {
    return windowsPathsNoEscape ? s.replace(/\[([^/\\])\]/g, "$1") : s.replace(/((?!\\).|^)\[([^/\\])\]/g, "$1$2").replace(/\\([^/])/g, "$1");
  }
  return windowsPathsNoEscape ? s.replace(/\[([^/\\{}])\]/g, "$1") : s.replace(/((?!\\).|^)\[([^/\\{}])\]/g, "$1$2").replace(/\\([^/{}])/g, "$1");
};
;
var _a;
const types = /* @__PURE__ */ new Set(["!", "?", "+", "*", "@"]);
const isExtglobType = (c) => types.has(c);
const isExtglobAST = (c) => isExtglobType(c.type);
const adoptionMap = /* @__PURE__ */ new Map([
  ["!", ["@"]],
  ["?", ["?", "@"]],
  ["@", ["@"]],
  ["*", ["*", "+", "?", "@"]],
  ["+", ["+", "@"]]
]);
const adoptionWithSpaceMap = /* @__PURE__ */ new Map([
  ["!", ["?"]],
  ["@", ["?"]],
  ["+", ["?", "*"]]
]);
const adoptionAnyMap = /* @__PURE__ */ new Map([
  ["!", ["?", "@"]],
  ["?", ["?", "@"]],
  ["@", ["?", "@"]],
  ["*", ["*", "+", "?", "@"]],
  ["+", ["+", "@", "?", "*"]]
]);
const usurpMap = /* @__PURE__ */ new Map([
  ["!", /* @__PURE__ */ new Map([["!", "@"]])],
  [
    "?",
    /* @__PURE__ */ new Map([
      ["*", "*"],
      ["+", "*"]
    ])
  ],
  [
    "@",
    /* @__PURE__ */ new Map([
      ["!", "!"],
      ["?", "?"],
      ["@", "@"],
      ["*", "*"],
      ["+", "+"]
    ])
  ],
  [
    "+",
    /* @__PURE__ */ new Map([
      ["?", "*"],
      ["*", "*"]
    ])
  ]
]);
const startNoTraversal = "(?!(?:^|/)\\.\\.?(?:$|/))";
const startNoDot = "(?!\\.)";
const addPatternStart = /* @__PURE__ */ new Set(["[", "."]);
const justDots = /* @__PURE__ */ new Set(["..", "."]);
const reSpecials = new Set("().*{}+?[]^$\\!");
const regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, "\\$&");
const qmark = "[^/]";
const star = qmark + "*?";
const starNoEmpty = qmark + "+?";
let ID = 0;
class AST {
  type;
  #root;
  #hasMagic;
  #uflag = false;
  #parts = [];
  #parent;
  #parentIndex;
  #negs;
  #filledNegs = false;
  #options;
  #toString;
  // set to true if it's an extglob with no children
  // (which really means one child of '')
  #emptyExt = false;
  id = ++ID;
  get depth() {
    return (this.#parent?.depth ?? -1) + 1;
  }
  [/* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom")]() {
    return {
      "@@type": "AST",
      id: this.id,
      type: this.type,
      root: this.#root.id,
      parent: this.#parent?.id,
      depth: this.depth,
      partsLength: this.#parts.length,
      parts: this.#parts
    };
  }
  constructor(type, parent, options = {}) {
    this.type = type;
    if (type)
      this.#hasMagic = true;
    this.#parent = parent;
    this.#root = this.#parent ? this.#parent.#root : this;
    this.#options = this.#root === this ? options : this.#root.#options;
    this.#negs = this.#root === this ? [] : this.#root.#negs;
    if (type === "!" && !this.#root.#filledNegs)
      this.#negs.push(this);
    this.#parentIndex = this.#parent ? this.#parent.#parts.length : 0;
  }
  get hasMagic() {
    if (this.#hasMagic !== void 0)
      return this.#hasMagic;
    for (const p of this.#parts) {
      if (typeof p === "string")
        continue;
      if (p.type || p.hasMagic)
        return this.#hasMagic = true;
    }
    return this.#hasMagic;
  }
  // reconstructs the pattern
  toString() {
    return this.#toString !== void 0 ? this.#toString : !this.type ? this.#toString = this.#parts.map((p) => String(p)).join("") : this.#toString = this.type + "(" + this.#parts.map((p) => String(p)).join("|") + ")";
  }
  #fillNegs() {
    if (this !== this.#root)
      throw new Error("should only call on root");
    if (this.#filledNegs)
      return this;
    this.toString();
    this.#filledNegs = true;
    let n;
    while (n = this.#negs.pop()) {
      if (n.type !== "!")
        continue;
      let p = n;
      let pp = p.#parent;
      while (pp) {
        for (let i = p.#parentIndex + 1; !pp.type && i < pp.#parts.length; i++) {
          for (const part of n.#parts) {
            if (typeof part === "string") {
              throw new Error("string part in extglob AST??");
            }
            part.copyIn(pp.#parts[i]);
          }
        }
        p = pp;
        pp = p.#parent;
      }
    }
    return this;
  }
  push(...parts) {
    for (const p of parts) {
      if (p === "")
        continue;
      if (typeof p !== "string" && !(p instanceof _a && p.#parent === this)) {
        throw new Error("invalid part: " + p);
      }
      this.#parts.push(p);
    }
  }
  toJSON() {
    const ret = this.type === null ? this.#parts.slice().map((p) => typeof p === "string" ? p : p.toJSON()) : [this.type, ...this.#parts.map((p) => p.toJSON())];
    if (this.isStart() && !this.type)
      ret.unshift([]);
    if (this.isEnd() && (this === this.#root || this.#root.#filledNegs && this.#parent?.type === "!")) {
      ret.push({});
    }
    return ret;
  }
  isStart() {
    if (this.#root === this)
      return true;
    if (!this.#parent?.isStart())
      return false;
    if (this.#parentIndex === 0)
      return true;
    const p = this.#parent;
    for (let i = 0; i < this.#parentIndex; i++) {
      const pp = p.#parts[i];
      if (!(pp instanceof _a && pp.type === "!")) {
        return false;
      }
    }
    return true;
  }
  isEnd() {
    if (this.#root === this)
      return true;
    if (this.#parent?.type === "!")
      return true;
    if (!this.#parent?.isEnd())
      return false;
    if (!this.type)
      return this.#parent?.isEnd();
    const pl = this.#parent ? this.#parent.#parts.length : 0;
    return this.#parentIndex === pl - 1;
  }
  copyIn(part) {
    if (typeof part === "string")
      this.push(part);
    else
      this.push(part.clone(this));
  }
  clone(parent) {
    const c = new _a(this.type, parent);
    for (const p of this.#parts) {
      c.copyIn(p);
    }
    return c;
  }
  static #parseAST(str, ast, pos, opt, extDepth) {
    const maxDepth = opt.maxExtglobRecursion ?? 2;
    let escaping = false;
    let inBrace = false;
    let braceStart = -1;
    let braceNeg = false;
    if (ast.type === null) {
      let i2 = pos;
      let acc2 = "";
      while (i2 < str.length) {
        const c = str.charAt(i2++);
        if (escaping || c === "\\") {
          escaping = !escaping;
          acc2 += c;
          continue;
        }
        if (inBrace) {
          if (i2 === braceStart + 1) {
            if (c === "^" || c === "!") {
              braceNeg = true;
            }
          } else if (c === "]" && !(i2 === braceStart + 2 && braceNeg)) {
            inBrace = false;
          }
          acc2 += c;
          continue;
        } else if (c === "[") {
          inBrace = true;
          braceStart = i2;
          braceNeg = false;
          acc2 += c;
          continue;
        }
        const doRecurse = !opt.noext && isExtglobType(c) && str.charAt(i2) === "(" && extDepth <= maxDepth;
        if (doRecurse) {
          ast.push(acc2);
          acc2 = "";
          const ext2 = new _a(c, ast);
          i2 = _a.#parseAST(str, ext2, i2, opt, extDepth + 1);
          ast.push(ext2);
          continue;
        }
        acc2 += c;
      }
      ast.push(acc2);
      return i2;
    }
    let i = pos + 1;
    let part = new _a(null, ast);
    const parts = [];
    let acc = "";
    while (i < str.length) {
      const c = str.charAt(i++);
      if (escaping || c === "\\") {
        escaping = !escaping;
        acc += c;
        continue;
      }
      if (inBrace) {
        if (i === braceStart + 1) {
          if (c === "^" || c === "!") {
            braceNeg = true;
          }
        } else if (c === "]" && !(i === braceStart + 2 && braceNeg)) {
          inBrace = false;
        }
        acc += c;
        continue;
      } else if (c === "[") {
        inBrace = true;
        braceStart = i;
        braceNeg = false;
        acc += c;
        continue;
      }
      const doRecurse = !opt.noext && isExtglobType(c) && str.charAt(i) === "(" && /* c8 ignore start - the maxDepth is sufficient here */
      (extDepth <= maxDepth || ast && ast.#canAdoptType(c));
      if (doRecurse) {
        const depthAdd = ast && ast.#canAdoptType(c) ? 0 : 1;
        part.push(acc);
        acc = "";
        const ext2 = new _a(c, part);
        part.push(ext2);
        i = _a.#parseAST(str, ext2, i, opt, extDepth + depthAdd);
        continue;
      }
      if (c === "|") {
        part.push(acc);
        acc = "";
        parts.push(part);
        part = new _a(null, ast);
        continue;
      }
      if (c === ")") {
        if (acc === "" && ast.#parts.length === 0) {
          ast.#emptyExt = true;
        }
        part.push(acc);
        acc = "";
        ast.push(...parts, part);
        return i;
      }
      acc += c;
    }
    ast.type = null;
    ast.#hasMagic = void 0;
    ast.#parts = [str.substring(pos - 1)];
    return i;
  }
  #canAdoptWithSpace(child) {
    return this.#canAdopt(child, adoptionWithSpaceMap);
  }
  #canAdopt(child, map = adoptionMap) {
    if (!child || typeof child !== "object" || child.type !== null || child.#parts.length !== 1 || this.type === null) {
      return false;
    }
    const gc = child.#parts[0];
    if (!gc || typeof gc !== "object" || gc.type === null) {
      return false;
    }
    return this.#canAdoptType(gc.type, map);
  }
  #canAdoptType(c, map = adoptionAnyMap) {
    return !!map.get(this.type)?.includes(c);
  }
  #adoptWithSpace(child, index) {
    const gc = child.#parts[0];
    const blank = new _a(null, gc, this.options);
    blank.#parts.push("");
    gc.push(blank);
    this.#adopt(child, index);
  }
  #adopt(child, index) {
    const gc = child.#parts[0];
    this.#parts.splice(index, 1, ...gc.#parts);
    for (const p of gc.#parts) {
      if (typeof p === "object")
        p.#parent = this;
    }
    this.#toString = void 0;
  }
  #canUsurpType(c) {
    const m = usurpMap.get(this.type);
    return !!m?.has(c);
  }
  #canUsurp(child) {
    if (!child || typeof child !== "object" || child.type !== null || child.#parts.length !== 1 || this.type === null || this.#parts.length !== 1) {
      return false;
    }
    const gc = child.#parts[0];
    if (!gc || typeof gc !== "object" || gc.type === null) {
      return false;
    }
    return this.#canUsurpType(gc.type);
  }
  #usurp(child) {
    const m = usurpMap.get(this.type);
    const gc = child.#parts[0];
    const nt = m?.get(gc.type);
    if (!nt)
      return false;
    this.#parts = gc.#parts;
    for (const p of this.#parts) {
      if (typeof p === "object") {
        p.#parent = this;
      }
    }
    this.type = nt;
    this.#toString = void 0;
    this.#emptyExt = false;
  }
  static fromGlob(pattern, options = {}) {
    const ast = new _a(null, void 0, options);
    _a.#parseAST(pattern, ast, 0, options, 0);
    return ast;
  }
  // returns the regular expression if there's magic, or the unescaped
  // string if not.
  toMMPattern() {
    if (this !== this.#root)
      return this.#root.toMMPattern();
    const glob = this.toString();
    const [re, body, hasMagic, uflag] = this.toRegExpSource();
    const anyMagic = hasMagic || this.#hasMagic || this.#options.nocase && !this.#options.nocaseMagicOnly && glob.toUpperCase() !== glob.toLowerCase();
    if (!anyMagic) {
      return body;
    }
    const flags = (this.#options.nocase ? "i" : "") + (uflag ? "u" : "");
    return Object.assign(new RegExp(`^${re}$`, flags), {
      _src: re,
      _glob: glob
    });
  }
  get options() {
    return this.#options;
  }
  // returns the string match, the regexp source, whether there's magic
  // in the regexp (so a regular expression is required) and whether or
  // not the uflag is needed for the regular expression (for posix classes)
  // TODO: instead of injecting the start/end at this point, just return
  // the BODY of the regexp, along with the start/end portions suitable
  // for binding the start/end in either a joined full-path makeRe context
  // (where we bind to (^|/), or a standalone matchPart context (where
  // we bind to ^, and not /).  Otherwise slashes get duped!
  //
  // In part-matching mode, the start is:
  // - if not isStart: nothing
  // - if traversal possible, but not allowed: ^(?!\.\.?$)
  // - if dots allowed or not possible: ^
  // - if dots possible and not allowed: ^(?!\.)
  // end is:
  // - if not isEnd(): nothing
  // - else: $
  //
  // In full-path matching mode, we put the slash at the START of the
  // pattern, so start is:
  // - if first pattern: same as part-matching mode
  // - if not isStart(): nothing
  // - if traversal possible, but not allowed: /(?!\.\.?(?:$|/))
  // - if dots allowed or not possible: /
  // - if dots possible and not allowed: /(?!\.)
  // end is:
  // - if last pattern, same as part-matching mode
  // - else nothing
  //
  // Always put the (?:$|/) on negated tails, though, because that has to be
  // there to bind the end of the negated pattern portion, and it's easier to
  // just stick it in now rather than try to inject it later in the middle of
  // the pattern.
  //
  // We can just always return the same end, and leave it up to the caller
  // to know whether it's going to be used joined or in parts.
  // And, if the start is adjusted slightly, can do the same there:
  // - if not isStart: nothing
  // - if traversal possible, but not allowed: (?:/|^)(?!\.\.?$)
  // - if dots allowed or not possible: (?:/|^)
  // - if dots possible and not allowed: (?:/|^)(?!\.)
  //
  // But it's better to have a simpler binding without a conditional, for
  // performance, so probably better to return both start options.
  //
  // Then the caller just ignores the end if it's not the first pattern,
  // and the start always gets applied.
  //
  // But that's always going to be $ if it's the ending pattern, or nothing,
  // so the caller can just attach $ at the end of the pattern when building.
  //
  // So the todo is:
  // - better detect what kind of start is needed
  // - return both flavors of starting pattern
  // - attach $ at the end of the pattern when creating the actual RegExp
  //
  // Ah, but wait, no, that all only applies to the root when the first pattern
  // is not an extglob. If the first pattern IS an extglob, then we need all
  // that dot prevention biz to live in the extglob portions, because eg
  // +(*|.x*) can match .xy but not .yx.
  //
  // So, return the two flavors if it's #root and the first child is not an
  // AST, otherwise leave it to the child AST to handle it, and there,
  // use the (?:^|/) style of start binding.
  //
  // Even simplified further:
  // - Since the start for a join is eg /(?!\.) and the start for a part
  // is ^(?!\.), we can just prepend (?!\.) to the pattern (either root
  // or start or whatever) and prepend ^ or / at the Regexp construction.
  toRegExpSource(allowDot) {
    const dot = allowDot ?? !!this.#options.dot;
    if (this.#root === this) {
      this.#flatten();
      this.#fillNegs();
    }
    if (!isExtglobAST(this)) {
      const noEmpty = this.isStart() && this.isEnd() && !this.#parts.some((s) => typeof s !== "string");
      const src = this.#parts.map((p) => {
        const [re, _, hasMagic, uflag] = typeof p === "string" ? _a.#parseGlob(p, this.#hasMagic, noEmpty) : p.toRegExpSource(allowDot);
        this.#hasMagic = this.#hasMagic || hasMagic;
        this.#uflag = this.#uflag || uflag;
        return re;
      }).join("");
      let start2 = "";
      if (this.isStart()) {
        if (typeof this.#parts[0] === "string") {
          const dotTravAllowed = this.#parts.length === 1 && justDots.has(this.#parts[0]);
          if (!dotTravAllowed) {
            const aps = addPatternStart;
            const needNoTrav = (
              // dots are allowed, and the pattern starts with [ or .
              dot && aps.has(src.charAt(0)) || // the pattern starts with \., and then [ or .
              src.startsWith("\\.") && aps.has(src.charAt(2)) || // the pattern starts with \.\., and then [ or .
              src.startsWith("\\.\\.") && aps.has(src.charAt(4))
            );
            const needNoDot = !dot && !allowDot && aps.has(src.charAt(0));
            start2 = needNoTrav ? startNoTraversal : needNoDot ? startNoDot : "";
          }
        }
      }
      let end = "";
      if (this.isEnd() && this.#root.#filledNegs && this.#parent?.type === "!") {
        end = "(?:$|\\/)";
      }
      const final2 = start2 + src + end;
      return [
        final2,
        unescape_unescape(src),
        this.#hasMagic = !!this.#hasMagic,
        this.#uflag
      ];
    }
    const repeated = this.type === "*" || this.type === "+";
    const start = this.type === "!" ? "(?:(?!(?:" : "(?:";
    let body = this.#partsToRegExp(dot);
    if (this.isStart() && this.isEnd() && !body && this.type !== "!") {
      const s = this.toString();
      const me = this;
      me.#parts = [s];
      me.type = null;
      me.#hasMagic = void 0;
      return [s, unescape_unescape(this.toString()), false, false];
    }
    let bodyDotAllowed = !repeated || allowDot || dot || !startNoDot ? "" : this.#partsToRegExp(true);
    if (bodyDotAllowed === body) {
      bodyDotAllowed = "";
    }
    if (bodyDotAllowed) {
      body = `(?:${body})(?:${bodyDotAllowed})*?`;
    }
    let final = "";
    if (this.type === "!" && this.#emptyExt) {
      final = (this.isStart() && !dot ? startNoDot : "") + starNoEmpty;
    } else {
      const close = this.type === "!" ? (
        // !() must match something,but !(x) can match ''
        "))" + (this.isStart() && !dot && !allowDot ? startNoDot : "") + star + ")"
      ) : this.type === "@" ? ")" : this.type === "?" ? ")?" : this.type === "+" && bodyDotAllowed ? ")" : this.type === "*" && bodyDotAllowed ? `)?` : `)${this.type}`;
      final = start + body + close;
    }
    return [
      final,
      unescape_unescape(body),
      this.#hasMagic = !!this.#hasMagic,
      this.#uflag
    ];
  }
  #flatten() {
    if (!isExtglobAST(this)) {
      for (const p of this.#parts) {
        if (typeof p === "object") {
          p.#flatten();
        }
      }
    } else {
      let iterations = 0;
      let done = false;
      do {
        done = true;
        for (let i = 0; i < this.#parts.length; i++) {
          const c = this.#parts[i];
          if (typeof c === "object") {
            c.#flatten();
            if (this.#canAdopt(c)) {
              done = false;
              this.#adopt(c, i);
            } else if (this.#canAdoptWithSpace(c)) {
              done = false;
              this.#adoptWithSpace(c, i);
            } else if (this.#canUsurp(c)) {
              done = false;
              this.#usurp(c);
            }
          }
        }
      } while (!done && ++iterations < 10);
    }
    this.#toString = void 0;
  }
  #partsToRegExp(dot) {
    return this.#parts.map((p) => {
      if (typeof p === "string") {
        throw new Error("string type in extglob ast??");
      }
      const [re, _, _hasMagic, uflag] = p.toRegExpSource(dot);
      this.#uflag = this.#uflag || uflag;
      return re;
    }).filter((p) => !(this.isStart() && this.isEnd()) || !!p).join("|");
  }
  static #parseGlob(glob, hasMagic, noEmpty = false) {
    let escaping = false;
    let re = "";
    let uflag = false;
    let inStar = false;
    for (let i = 0; i < glob.length; i++) {
      const c = glob.charAt(i);
      if (escaping) {
        escaping = false;
        re += (reSpecials.has(c) ? "\\" : "") + c;
        continue;
      }
      if (c === "*") {
        if (inStar)
          continue;
        inStar = true;
        re += noEmpty && /^[*]+$/.test(glob) ? starNoEmpty : star;
        hasMagic = true;
        continue;
      } else {
        inStar = false;
      }
      if (c === "\\") {
        if (i === glob.length - 1) {
          re += "\\\\";
        } else {
          escaping = true;
        }
        continue;
      }
      if (c === "[") {
        const [src, needUflag, consumed, magic] = parseClass(glob, i);
        if (consumed) {
          re += src;
          uflag = uflag || needUflag;
          i += consumed - 1;
          hasMagic = hasMagic || magic;
          continue;
        }
      }
      if (c === "?") {
        re += qmark;
        hasMagic = true;
        continue;
      }
      re += regExpEscape(c);
    }
    return [re, unescape_unescape(glob), !!hasMagic, uflag];
  }
}
_a = AST;
;
const escape_escape = (s, { windowsPathsNoEscape = false, magicalBraces = false } = {}) => {
  if (magicalBraces) {
    return windowsPathsNoEscape ? s.replace(/[?*()[\]{}]/g, "[$&]") : s.replace(/[?*()[\]\\{}]/g, "\\$&");
  }
  return windowsPathsNoEscape ? s.replace(/[?*()[\]]/g, "[$&]") : s.replace(/[?*()[\]\\]/g, "\\$&");
};
;
const minimatch = (p, pattern, options = {}) => {
  assertValidPattern(pattern);
  if (!options.nocomment && pattern.charAt(0) === "#") {
    return false;
  }
  return new Minimatch(pattern, options).match(p);
};
const starDotExtRE = /^\*+([^+@!?*[(]*)$/;
const starDotExtTest = (ext2) => (f) => !f.startsWith(".") && f.endsWith(ext2);
const starDotExtTestDot = (ext2) => (f) => f.endsWith(ext2);
const starDotExtTestNocase = (ext2) => {
  ext2 = ext2.toLowerCase();
  return (f) => !f.startsWith(".") && f.toLowerCase().endsWith(ext2);
};
const starDotExtTestNocaseDot = (ext2) => {
  ext2 = ext2.toLowerCase();
  return (f) => f.toLowerCase().endsWith(ext2);
};
const starDotStarRE = /^\*+\.\*+$/;
const starDotStarTest = (f) => !f.startsWith(".") && f.includes(".");
const starDotStarTestDot = (f) => f !== "." && f !== ".." && f.includes(".");
const dotStarRE = /^\.\*+$/;
const dotStarTest = (f) => f !== "." && f !== ".." && f.startsWith(".");
const starRE = /^\*+$/;
const starTest = (f) => f.length !== 0 && !f.startsWith(".");
const starTestDot = (f) => f.length !== 0 && f !== "." && f !== "..";
const qmarksRE = /^\?+([^+@!?*[(]*)?$/;
const qmarksTestNocase = ([$0, ext2 = ""]) => {
  const noext = qmarksTestNoExt([$0]);
  if (!ext2)
    return noext;
  ext2 = ext2.toLowerCase();
  return (f) => noext(f) && f.toLowerCase().endsWith(ext2);
};
const qmarksTestNocaseDot = ([$0, ext2 = ""]) => {
  const noext = qmarksTestNoExtDot([$0]);
  if (!ext2)
    return noext;
  ext2 = ext2.toLowerCase();
  return (f) => noext(f) && f.toLowerCase().endsWith(ext2);
};
const qmarksTestDot = ([$0, ext2 = ""]) => {
  const noext = qmarksTestNoExtDot([$0]);
  return !ext2 ? noext : (f) => noext(f) && f.endsWith(ext2);
};
const qmarksTest = ([$0, ext2 = ""]) => {
  const noext = qmarksTestNoExt([$0]);
  return !ext2 ? noext : (f) => noext(f) && f.endsWith(ext2);
};
const qmarksTestNoExt = ([$0]) => {
  const len = $0.length;
  return (f) => f.length === len && !f.startsWith(".");
};
const qmarksTestNoExtDot = ([$0]) => {
  const len = $0.length;
  return (f) => f.length === len && f !== "." && f !== "..";
};
const defaultPlatform = typeof process === "object" && process ? typeof process.env === "object" && process.env && process.env.__MINIMATCH_TESTING_PLATFORM__ || process.platform : "posix";
const path = {
  win32: { sep: "\\" },
  posix: { sep: "/" }
};
const sep = defaultPlatform === "win32" ? path.win32.sep : path.posix.sep;
minimatch.sep = sep;
const GLOBSTAR = /* @__PURE__ */ Symbol("globstar **");
minimatch.GLOBSTAR = GLOBSTAR;
const esm_qmark = "[^/]";
const esm_star = esm_qmark + "*?";
const twoStarDot = "(?:(?!(?:\\/|^)(?:\\.{1,2})($|\\/)).)*?";
const twoStarNoDot = "(?:(?!(?:\\/|^)\\.).)*?";
const filter = (pattern, options = {}) => (p) => minimatch(p, pattern, options);
minimatch.filter = filter;
const ext = (a, b = {}) => Object.assign({}, a, b);
const defaults = (def) => {
  if (!def || typeof def !== "object" || !Object.keys(def).length) {
    return minimatch;
  }
  const orig = minimatch;
  const m = (p, pattern, options = {}) => orig(p, pattern, ext(def, options));
  return Object.assign(m, {
    Minimatch: class Minimatch extends orig.Minimatch {
      constructor(pattern, options = {}) {
        super(pattern, ext(def, options));
      }
      static defaults(options) {
        return orig.defaults(ext(def, options)).Minimatch;
      }
    },
    AST: class AST extends orig.AST {
      /* c8 ignore start */
      constructor(type, parent, options = {}) {
        super(type, parent, ext(def, options));
      }
      /* c8 ignore stop */
      static fromGlob(pattern, options = {}) {
        return orig.AST.fromGlob(pattern, ext(def, options));
      }
    },
    unescape: (s, options = {}) => orig.unescape(s, ext(def, options)),
    escape: (s, options = {}) => orig.escape(s, ext(def, options)),
    filter: (pattern, options = {}) => orig.filter(pattern, ext(def, options)),
    defaults: (options) => orig.defaults(ext(def, options)),
    makeRe: (pattern, options = {}) => orig.makeRe(pattern, ext(def, options)),
    braceExpand: (pattern, options = {}) => orig.braceExpand(pattern, ext(def, options)),
    match: (list, pattern, options = {}) => orig.match(list, pattern, ext(def, options)),
    sep: orig.sep,
    GLOBSTAR
  });
};
minimatch.defaults = defaults;
const braceExpand = (pattern, options = {}) => {
  assertValidPattern(pattern);
  if (options.nobrace || !/\{(?:(?!\{).)*\}/.test(pattern)) {
    return [pattern];
  }
  return expand(pattern, { max: options.braceExpandMax });
};
minimatch.braceExpand = braceExpand;
const makeRe = (pattern, options = {}) => new Minimatch(pattern, options).makeRe();
minimatch.makeRe = makeRe;
const match = (list, pattern, options = {}) => {
  const mm = new Minimatch(pattern, options);
  list = list.filter((f) => mm.match(f));
  if (mm.options.nonull && !list.length) {
    list.push(pattern);
  }
  return list;
};
minimatch.match = match;
const globMagic = /[?*]|[+@!]\(.*?\)|\[|\]/;
const esm_regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, "\\$&");
class Minimatch {
  options;
  set;
  pattern;
  windowsPathsNoEscape;
  nonegate;
  negate;
  comment;
  empty;
  preserveMultipleSlashes;
  partial;
  globSet;
  globParts;
  nocase;
  isWindows;
  platform;
  windowsNoMagicRoot;
  maxGlobstarRecursion;
  regexp;
  constructor(pattern, options = {}) {
    assertValidPattern(pattern);
    options = options || {};
    this.options = options;
    this.maxGlobstarRecursion = options.maxGlobstarRecursion ?? 200;
    this.pattern = pattern;
    this.platform = options.platform || defaultPlatform;
    this.isWindows = this.platform === "win32";
    const awe = "allowWindowsEscape";
    this.windowsPathsNoEscape = !!options.windowsPathsNoEscape || options[awe] === false;
    if (this.windowsPathsNoEscape) {
      this.pattern = this.pattern.replace(/\\/g, "/");
    }
    this.preserveMultipleSlashes = !!options.preserveMultipleSlashes;
    this.regexp = null;
    this.negate = false;
    this.nonegate = !!options.nonegate;
    this.comment = false;
    this.empty = false;
    this.partial = !!options.partial;
    this.nocase = !!this.options.nocase;
    this.windowsNoMagicRoot = options.windowsNoMagicRoot !== void 0 ? options.windowsNoMagicRoot : !!(this.isWindows && this.nocase);
    this.globSet = [];
    this.globParts = [];
    this.set = [];
    this.make();
  }
  hasMagic() {
    if (this.options.magicalBraces && this.set.length > 1) {
      return true;
    }
    for (const pattern of this.set) {
      for (const part of pattern) {
        if (typeof part !== "string")
          return true;
      }
    }
    return false;
  }
  debug(..._) {
  }
  make() {
    const pattern = this.pattern;
    const options = this.options;
    if (!options.nocomment && pattern.charAt(0) === "#") {
      this.comment = true;
      return;
    }
    if (!pattern) {
      this.empty = true;
      return;
    }
    this.parseNegate();
    this.globSet = [...new Set(this.braceExpand())];
    if (options.debug) {
      this.debug = (...args) => console.error(...args);
    }
    this.debug(this.pattern, this.globSet);
    const rawGlobParts = this.globSet.map((s) => this.slashSplit(s));
    this.globParts = this.preprocess(rawGlobParts);
    this.debug(this.pattern, this.globParts);
    let set = this.globParts.map((s, _, __) => {
      if (this.isWindows && this.windowsNoMagicRoot) {
        const isUNC = s[0] === "" && s[1] === "" && (s[2] === "?" || !globMagic.test(s[2])) && !globMagic.test(s[3]);
        const isDrive = /^[a-z]:/i.test(s[0]);
        if (isUNC) {
          return [
            ...s.slice(0, 4),
            ...s.slice(4).map((ss) => this.parse(ss))
          ];
        } else if (isDrive) {
          return [s[0], ...s.slice(1).map((ss) => this.parse(ss))];
        }
      }
      return s.map((ss) => this.parse(ss));
    });
    this.debug(this.pattern, set);
    this.set = set.filter((s) => s.indexOf(false) === -1);
    if (this.isWindows) {
      for (let i = 0; i < this.set.length; i++) {
        const p = this.set[i];
        if (p[0] === "" && p[1] === "" && this.globParts[i][2] === "?" && typeof p[3] === "string" && /^[a-z]:$/i.test(p[3])) {
          p[2] = "?";
        }
      }
    }
    this.debug(this.pattern, this.set);
  }
  // various transforms to equivalent pattern sets that are
  // faster to process in a filesystem walk.  The goal is to
  // eliminate what we can, and push all ** patterns as far
  // to the right as possible, even if it increases the number
  // of patterns that we have to process.
  preprocess(globParts) {
    if (this.options.noglobstar) {
      for (const partset of globParts) {
        for (let j = 0; j < partset.length; j++) {
          if (partset[j] === "**") {
            partset[j] = "*";
          }
        }
      }
    }
    const { optimizationLevel = 1 } = this.options;
    if (optimizationLevel >= 2) {
      globParts = this.firstPhasePreProcess(globParts);
      globParts = this.secondPhasePreProcess(globParts);
    } else if (optimizationLevel >= 1) {
      globParts = this.levelOneOptimize(globParts);
    } else {
      globParts = this.adjascentGlobstarOptimize(globParts);
    }
    return globParts;
  }
  // just get rid of adjascent ** portions
  adjascentGlobstarOptimize(globParts) {
    return globParts.map((parts) => {
      let gs = -1;
      while (-1 !== (gs = parts.indexOf("**", gs + 1))) {
        let i = gs;
        while (parts[i + 1] === "**") {
          i++;
        }
        if (i !== gs) {
          parts.splice(gs, i - gs);
        }
      }
      return parts;
    });
  }
  // get rid of adjascent ** and resolve .. portions
  levelOneOptimize(globParts) {
    return globParts.map((parts) => {
      parts = parts.reduce((set, part) => {
        const prev = set[set.length - 1];
        if (part === "**" && prev === "**") {
          return set;
        }
        if (part === "..") {
          if (prev && prev !== ".." && prev !== "." && prev !== "**") {
            set.pop();
            return set;
          }
        }
        set.push(part);
        return set;
      }, []);
      return parts.length === 0 ? [""] : parts;
    });
  }
  levelTwoFileOptimize(parts) {
    if (!Array.isArray(parts)) {
      parts = this.slashSplit(parts);
    }
    let didSomething = false;
    do {
      didSomething = false;
      if (!this.preserveMultipleSlashes) {
        for (let i = 1; i < parts.length - 1; i++) {
          const p = parts[i];
          if (i === 1 && p === "" && parts[0] === "")
            continue;
          if (p === "." || p === "") {
            didSomething = true;
            parts.splice(i, 1);
            i--;
          }
        }
        if (parts[0] === "." && parts.length === 2 && (parts[1] === "." || parts[1] === "")) {
          didSomething = true;
          parts.pop();
        }
      }
      let dd = 0;
      while (-1 !== (dd = parts.indexOf("..", dd + 1))) {
        const p = parts[dd - 1];
        if (p && p !== "." && p !== ".." && p !== "**" && !(this.isWindows && /^[a-z]:$/i.test(p))) {
          didSomething = true;
          parts.splice(dd - 1, 2);
          dd -= 2;
        }
      }
    } while (didSomething);
    return parts.length === 0 ? [""] : parts;
  }
  // First phase: single-pattern processing
  // <pre> is 1 or more portions
  // <rest> is 1 or more portions
  // <p> is any portion other than ., .., '', or **
  // <e> is . or ''
  //
  // **/.. is *brutal* for filesystem walking performance, because
  // it effectively resets the recursive walk each time it occurs,
  // and ** cannot be reduced out by a .. pattern part like a regexp
  // or most strings (other than .., ., and '') can be.
  //
  // <pre>/**/../<p>/<p>/<rest> -> {<pre>/../<p>/<p>/<rest>,<pre>/**/<p>/<p>/<rest>}
  // <pre>/<e>/<rest> -> <pre>/<rest>
  // <pre>/<p>/../<rest> -> <pre>/<rest>
  // **/**/<rest> -> **/<rest>
  //
  // **/*/<rest> -> */**/<rest> <== not valid because ** doesn't follow
  // this WOULD be allowed if ** did follow symlinks, or * didn't
  firstPhasePreProcess(globParts) {
    let didSomething = false;
    do {
      didSomething = false;
      for (let parts of globParts) {
        let gs = -1;
        while (-1 !== (gs = parts.indexOf("**", gs + 1))) {
          let gss = gs;
          while (parts[gss + 1] === "**") {
            gss++;
          }
          if (gss > gs) {
            parts.splice(gs + 1, gss - gs);
          }
          let next = parts[gs + 1];
          const p = parts[gs + 2];
          const p2 = parts[gs + 3];
          if (next !== "..")
            continue;
          if (!p || p === "." || p === ".." || !p2 || p2 === "." || p2 === "..") {
            continue;
          }
          didSomething = true;
          parts.splice(gs, 1);
          const other = parts.slice(0);
          other[gs] = "**";
          globParts.push(other);
          gs--;
        }
        if (!this.preserveMultipleSlashes) {
          for (let i = 1; i < parts.length - 1; i++) {
            const p = parts[i];
            if (i === 1 && p === "" && parts[0] === "")
              continue;
            if (p === "." || p === "") {
              didSomething = true;
              parts.splice(i, 1);
              i--;
            }
          }
          if (parts[0] === "." && parts.length === 2 && (parts[1] === "." || parts[1] === "")) {
            didSomething = true;
            parts.pop();
          }
        }
        let dd = 0;
        while (-1 !== (dd = parts.indexOf("..", dd + 1))) {
          const p = parts[dd - 1];
          if (p && p !== "." && p !== ".." && p !== "**") {
            didSomething = true;
            const needDot = dd === 1 && parts[dd + 1] === "**";
            const splin = needDot ? ["."] : [];
            parts.splice(dd - 1, 2, ...splin);
            if (parts.length === 0)
              parts.push("");
            dd -= 2;
          }
        }
      }
    } while (didSomething);
    return globParts;
  }
  // second phase: multi-pattern dedupes
  // {<pre>/*/<rest>,<pre>/<p>/<rest>} -> <pre>/*/<rest>
  // {<pre>/<rest>,<pre>/<rest>} -> <pre>/<rest>
  // {<pre>/**/<rest>,<pre>/<rest>} -> <pre>/**/<rest>
  //
  // {<pre>/**/<rest>,<pre>/**/<p>/<rest>} -> <pre>/**/<rest>
  // ^-- not valid because ** doens't follow symlinks
  secondPhasePreProcess(globParts) {
    for (let i = 0; i < globParts.length - 1; i++) {
      for (let j = i + 1; j < globParts.length; j++) {
        const matched = this.partsMatch(globParts[i], globParts[j], !this.preserveMultipleSlashes);
        if (matched) {
          globParts[i] = [];
          globParts[j] = matched;
          break;
        }
      }
    }
    return globParts.filter((gs) => gs.length);
  }
  partsMatch(a, b, emptyGSMatch = false) {
    let ai = 0;
    let bi = 0;
    let result = [];
    let which = "";
    while (ai < a.length && bi < b.length) {
      if (a[ai] === b[bi]) {
        result.push(which === "b" ? b[bi] : a[ai]);
        ai++;
        bi++;
      } else if (emptyGSMatch && a[ai] === "**" && b[bi] === a[ai + 1]) {
        result.push(a[ai]);
        ai++;
      } else if (emptyGSMatch && b[bi] === "**" && a[ai] === b[bi + 1]) {
        result.push(b[bi]);
        bi++;
      } else if (a[ai] === "*" && b[bi] && (this.options.dot || !b[bi].startsWith(".")) && b[bi] !== "**") {
        if (which === "b")
          return false;
        which = "a";
        result.push(a[ai]);
        ai++;
        bi++;
      } else if (b[bi] === "*" && a[ai] && (this.options.dot || !a[ai].startsWith(".")) && a[ai] !== "**") {
        if (which === "a")
          return false;
        which = "b";
        result.push(b[bi]);
        ai++;
        bi++;
      } else {
        return false;
      }
    }
    return a.length === b.length && result;
  }
  parseNegate() {
    if (this.nonegate)
      return;
    const pattern = this.pattern;
    let negate = false;
    let negateOffset = 0;
    for (let i = 0; i < pattern.length && pattern.charAt(i) === "!"; i++) {
      negate = !negate;
      negateOffset++;
    }
    if (negateOffset)
      this.pattern = pattern.slice(negateOffset);
    this.negate = negate;
  }
  // set partial to true to test if, for example,
  // "/a/b" matches the start of "/*/b/*/d"
  // Partial means, if you run out of file before you run
  // out of pattern, then that's fine, as long as all
  // the parts match.
  matchOne(file, pattern, partial = false) {
    let fileStartIndex = 0;
    let patternStartIndex = 0;
    if (this.isWindows) {
      const fileDrive = typeof file[0] === "string" && /^[a-z]:$/i.test(file[0]);
      const fileUNC = !fileDrive && file[0] === "" && file[1] === "" && file[2] === "?" && /^[a-z]:$/i.test(file[3]);
      const patternDrive = typeof pattern[0] === "string" && /^[a-z]:$/i.test(pattern[0]);
      const patternUNC = !patternDrive && pattern[0] === "" && pattern[1] === "" && pattern[2] === "?" && typeof pattern[3] === "string" && /^[a-z]:$/i.test(pattern[3]);
      const fdi = fileUNC ? 3 : fileDrive ? 0 : void 0;
      const pdi = patternUNC ? 3 : patternDrive ? 0 : void 0;
      if (typeof fdi === "number" && typeof pdi === "number") {
        const [fd, pd] = [
          file[fdi],
          pattern[pdi]
        ];
        if (fd.toLowerCase() === pd.toLowerCase()) {
          pattern[pdi] = fd;
          patternStartIndex = pdi;
          fileStartIndex = fdi;
        }
      }
    }
    const { optimizationLevel = 1 } = this.options;
    if (optimizationLevel >= 2) {
      file = this.levelTwoFileOptimize(file);
    }
    if (pattern.includes(GLOBSTAR)) {
      return this.#matchGlobstar(file, pattern, partial, fileStartIndex, patternStartIndex);
    }
    return this.#matchOne(file, pattern, partial, fileStartIndex, patternStartIndex);
  }
  #matchGlobstar(file, pattern, partial, fileIndex, patternIndex) {
    const firstgs = pattern.indexOf(GLOBSTAR, patternIndex);
    const lastgs = pattern.lastIndexOf(GLOBSTAR);
    const [head, body, tail2] = partial ? [
      pattern.slice(patternIndex, firstgs),
      pattern.slice(firstgs + 1),
      []
    ] : [
      pattern.slice(patternIndex, firstgs),
      pattern.slice(firstgs + 1, lastgs),
      pattern.slice(lastgs + 1)
    ];
    if (head.length) {
      const fileHead = file.slice(fileIndex, fileIndex + head.length);
      if (!this.#matchOne(fileHead, head, partial, 0, 0)) {
        return false;
      }
      fileIndex += head.length;
      patternIndex += head.length;
    }
    let fileTailMatch = 0;
    if (tail2.length) {
      if (tail2.length + fileIndex > file.length)
        return false;
      let tailStart = file.length - tail2.length;
      if (this.#matchOne(file, tail2, partial, tailStart, 0)) {
        fileTailMatch = tail2.length;
      } else {
        if (file[file.length - 1] !== "" || fileIndex + tail2.length === file.length) {
          return false;
        }
        tailStart--;
        if (!this.#matchOne(file, tail2, partial, tailStart, 0)) {
          return false;
        }
        fileTailMatch = tail2.length + 1;
      }
    }
    if (!body.length) {
      let sawSome = !!fileTailMatch;
      for (let i2 = fileIndex; i2 < file.length - fileTailMatch; i2++) {
        const f = String(file[i2]);
        sawSome = true;
        if (f === "." || f === ".." || !this.options.dot && f.startsWith(".")) {
          return false;
        }
      }
      return partial || sawSome;
    }
    const bodySegments = [[[], 0]];
    let currentBody = bodySegments[0];
    let nonGsParts = 0;
    const nonGsPartsSums = [0];
    for (const b of body) {
      if (b === GLOBSTAR) {
        nonGsPartsSums.push(nonGsParts);
        currentBody = [[], 0];
        bodySegments.push(currentBody);
      } else {
        currentBody[0].push(b);
        nonGsParts++;
      }
    }
    let i = bodySegments.length - 1;
    const fileLength = file.length - fileTailMatch;
    for (const b of bodySegments) {
      b[1] = fileLength - (nonGsPartsSums[i--] + b[0].length);
    }
    return !!this.#matchGlobStarBodySections(file, bodySegments, fileIndex, 0, partial, 0, !!fileTailMatch);
  }
  // return false for "nope, not matching"
  // return null for "not matching, cannot keep trying"
  #matchGlobStarBodySections(file, bodySegments, fileIndex, bodyIndex, partial, globStarDepth, sawTail) {
    const bs = bodySegments[bodyIndex];
    if (!bs) {
      for (let i = fileIndex; i < file.length; i++) {
        sawTail = true;
        const f = file[i];
        if (f === "." || f === ".." || !this.options.dot && f.startsWith(".")) {
          return false;
        }
      }
      return sawTail;
    }
    const [body, after] = bs;
    while (fileIndex <= after) {
      const m = this.#matchOne(file.slice(0, fileIndex + body.length), body, partial, fileIndex, 0);
      if (m && globStarDepth < this.maxGlobstarRecursion) {
        const sub = this.#matchGlobStarBodySections(file, bodySegments, fileIndex + body.length, bodyIndex + 1, partial, globStarDepth + 1, sawTail);
        if (sub !== false) {
          return sub;
        }
      }
      const f = file[fileIndex];
      if (f === "." || f === ".." || !this.options.dot && f.startsWith(".")) {
        return false;
      }
      fileIndex++;
    }
    return partial || null;
  }
  #matchOne(file, pattern, partial, fileIndex, patternIndex) {
    let fi;
    let pi;
    let pl;
    let fl;
    for (fi = fileIndex, pi = patternIndex, fl = file.length, pl = pattern.length; fi < fl && pi < pl; fi++, pi++) {
      this.debug("matchOne loop");
      let p = pattern[pi];
      let f = file[fi];
      this.debug(pattern, p, f);
      if (p === false || p === GLOBSTAR) {
        return false;
      }
      let hit;
      if (typeof p === "string") {
        hit = f === p;
        this.debug("string match", p, f, hit);
      } else {
        hit = p.test(f);
        this.debug("pattern match", p, f, hit);
      }
      if (!hit)
        return false;
    }
    if (fi === fl && pi === pl) {
      return true;
    } else if (fi === fl) {
      return partial;
    } else if (pi === pl) {
      return fi === fl - 1 && file[fi] === "";
    } else {
      throw new Error("wtf?");
    }
  }
  braceExpand() {
    return braceExpand(this.pattern, this.options);
  }
  parse(pattern) {
    assertValidPattern(pattern);
    const options = this.options;
    if (pattern === "**")
      return GLOBSTAR;
    if (pattern === "")
      return "";
    let m;
    let fastTest = null;
    if (m = pattern.match(starRE)) {
      fastTest = options.dot ? starTestDot : starTest;
    } else if (m = pattern.match(starDotExtRE)) {
      fastTest = (options.nocase ? options.dot ? starDotExtTestNocaseDot : starDotExtTestNocase : options.dot ? starDotExtTestDot : starDotExtTest)(m[1]);
    } else if (m = pattern.match(qmarksRE)) {
      fastTest = (options.nocase ? options.dot ? qmarksTestNocaseDot : qmarksTestNocase : options.dot ? qmarksTestDot : qmarksTest)(m);
    } else if (m = pattern.match(starDotStarRE)) {
      fastTest = options.dot ? starDotStarTestDot : starDotStarTest;
    } else if (m = pattern.match(dotStarRE)) {
      fastTest = dotStarTest;
    }
    const re = AST.fromGlob(pattern, this.options).toMMPattern();
    if (fastTest && typeof re === "object") {
      Reflect.defineProperty(re, "test", { value: fastTest });
    }
    return re;
  }
  makeRe() {
    if (this.regexp || this.regexp === false)
      return this.regexp;
    const set = this.set;
    if (!set.length) {
      this.regexp = false;
      return this.regexp;
    }
    const options = this.options;
    const twoStar = options.noglobstar ? esm_star : options.dot ? twoStarDot : twoStarNoDot;
    const flags = new Set(options.nocase ? ["i"] : []);
    let re = set.map((pattern) => {
      const pp = pattern.map((p) => {
        if (p instanceof RegExp) {
          for (const f of p.flags.split(""))
            flags.add(f);
        }
        return typeof p === "string" ? esm_regExpEscape(p) : p === GLOBSTAR ? GLOBSTAR : p._src;
      });
      pp.forEach((p, i) => {
        const next = pp[i + 1];
        const prev = pp[i - 1];
        if (p !== GLOBSTAR || prev === GLOBSTAR) {
          return;
        }
        if (prev === void 0) {
          if (next !== void 0 && next !== GLOBSTAR) {
            pp[i + 1] = "(?:\\/|" + twoStar + "\\/)?" + next;
          } else {
            pp[i] = twoStar;
          }
        } else if (next === void 0) {
          pp[i - 1] = prev + "(?:\\/|\\/" + twoStar + ")?";
        } else if (next !== GLOBSTAR) {
          pp[i - 1] = prev + "(?:\\/|\\/" + twoStar + "\\/)" + next;
          pp[i + 1] = GLOBSTAR;
        }
      });
      const filtered = pp.filter((p) => p !== GLOBSTAR);
      if (this.partial && filtered.length >= 1) {
        const prefixes = [];
        for (let i = 1; i <= filtered.length; i++) {
          prefixes.push(filtered.slice(0, i).join("/"));
        }
        return "(?:" + prefixes.join("|") + ")";
      }
      return filtered.join("/");
    }).join("|");
    const [open, close] = set.length > 1 ? ["(?:", ")"] : ["", ""];
    re = "^" + open + re + close + "$";
    if (this.partial) {
      re = "^(?:\\/|" + open + re.slice(1, -1) + close + ")$";
    }
    if (this.negate)
      re = "^(?!" + re + ").+$";
    try {
      this.regexp = new RegExp(re, [...flags].join(""));
    } catch {
      this.regexp = false;
    }
    return this.regexp;
  }
  slashSplit(p) {
    if (this.preserveMultipleSlashes) {
      return p.split("/");
    } else if (this.isWindows && /^\/\/[^/]+/.test(p)) {
      return ["", ...p.split(/\/+/)];
    } else {
      return p.split(/\/+/);
    }
  }
  match(f, partial = this.partial) {
    this.debug("match", f, this.pattern);
    if (this.comment) {
      return false;
    }
    if (this.empty) {
      return f === "";
    }
    if (f === "/" && partial) {
      return true;
    }
    const options = this.options;
    if (this.isWindows) {
      f = f.split("\\").join("/");
    }
    const ff = this.slashSplit(f);
    this.debug(this.pattern, "split", ff);
    const set = this.set;
    this.debug(this.pattern, "set", set);
    let filename = ff[ff.length - 1];
    if (!filename) {
      for (let i = ff.length - 2; !filename && i >= 0; i--) {
        filename = ff[i];
      }
    }
    for (const pattern of set) {
      let file = ff;
      if (options.matchBase && pattern.length === 1) {
        file = [filename];
      }
      const hit = this.matchOne(file, pattern, partial);
      if (hit) {
        if (options.flipNegate) {
          return true;
        }
        return !this.negate;
      }
    }
    if (options.flipNegate) {
      return false;
    }
    return this.negate;
  }
  static defaults(def) {
    return minimatch.defaults(def).Minimatch;
  }
}
minimatch.AST = AST;
minimatch.Minimatch = Minimatch;
minimatch.escape = escape_escape;
minimatch.unescape = unescape_unescape;
;
const external_node_fs_promises_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:fs/promises");
;
const external_node_path_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:path");
;
function camelCase(input) {
  return input.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}
function nameOfInput(input, naming) {
  if (/^[A-Z]+$/.test(input))
    return input;
  if (naming === "cli")
    return `--${input}`;
  if (naming === "library")
    return `option '${camelCase(input)}'`;
  return `Input '${input}'`;
}
class errors_InputError extends Error {
  input;
  detail;
  naming;
  constructor(input, detail, naming = "action") {
    super(`${nameOfInput(input, naming)}: ${detail}`);
    this.input = input;
    this.detail = detail;
    this.naming = naming;
    this.name = "InputError";
  }
  /** The same error, worded for `naming`'s entry. */
  in(naming) {
    return new errors_InputError(this.input, this.detail, naming);
  }
}
;
const SKIPPED_DIRS = /* @__PURE__ */ new Set([".git", "node_modules"]);
async function* walk(root, dir = "") {
  const entries = await (0, external_node_fs_promises_namespaceObject.readdir)((0, external_node_path_namespaceObject.join)(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => order_ascending(a.name, b.name))) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name))
      yield* walk(root, rel);
    else if (entry.isFile() || entry.isSymbolicLink())
      yield rel;
  }
}
function globMatcher(pattern) {
  return new Minimatch(pattern.replace(/^\.\//, ""), { dot: true });
}
function globProblem(glob) {
  if (glob.startsWith("!"))
    return "is a negation; list the files to read, not the ones to leave out";
  const path2 = checkRelativePath(glob);
  return path2.ok ? void 0 : `${path2.why}: it must be relative to the sandbox's work dir`;
}
function toPosix(path2) {
  return path2.split(external_node_path_namespaceObject.sep).join("/");
}
async function resolveGlobs(input, patterns, base, { allowNone = false } = {}) {
  const root = await (0, external_node_fs_promises_namespaceObject.realpath)(base).catch(() => {
    throw new errors_InputError(input, `base directory '${base}' does not exist`);
  });
  const anchored = (pattern) => globMatcher(toPosix((0, external_node_path_namespaceObject.isAbsolute)(pattern) ? (0, external_node_path_namespaceObject.relative)(root, pattern) : pattern));
  const includes = patterns.filter((p) => !p.startsWith("!")).map((p) => ({ pattern: p, matcher: anchored(p), hits: 0 }));
  const excludes = patterns.filter((p) => p.startsWith("!")).map((p) => anchored(p.slice(1)));
  const found = [];
  for await (const rel of walk(root)) {
    const hit = includes.filter((inc) => inc.matcher.match(rel));
    if (hit.length === 0 || excludes.some((ex) => ex.match(rel)))
      continue;
    for (const inc of hit)
      inc.hits += 1;
    const absolute = (0, external_node_path_namespaceObject.join)(root, rel);
    const real = await (0, external_node_fs_promises_namespaceObject.realpath)(absolute).catch(() => void 0);
    const inside = real !== void 0 && !(0, external_node_path_namespaceObject.relative)(root, real).startsWith("..") && !(0, external_node_path_namespaceObject.isAbsolute)((0, external_node_path_namespaceObject.relative)(root, real));
    if (!inside)
      throw new errors_InputError(input, `'${rel}' resolves outside ${base}`);
    if ((await (0, external_node_fs_promises_namespaceObject.lstat)(real)).isFile())
      found.push({ absolute: real, relative: rel });
  }
  const unmatched = includes.find((inc) => inc.hits === 0);
  if (unmatched && !allowNone)
    throw new errors_InputError(input, `'${unmatched.pattern}' matches no file under ${base}`);
  return found;
}
;
const DURATION_UNITS = { h: 36e5, m: 6e4, s: 1e3, ms: 1 };
const SIZE_UNITS = { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
function parseDuration(input, value) {
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text) && Number(text) > 0)
    throw new errors_InputError(input, `'${value}' has no unit: write ${text}s for seconds (or 500ms, 2m, 1m30s)`);
  const ms = durationMs(text);
  if (ms === void 0 || !Number.isFinite(ms) || ms <= 0) {
    throw new errors_InputError(input, `'${value}' is not a positive duration (examples: 500ms, 10s, 2m, 1m30s)`);
  }
  return Math.round(ms);
}
function durationMs(text) {
  const order = Object.keys(DURATION_UNITS);
  let ms = 0;
  let read = 0;
  let last = -1;
  for (const [part, number, unit] of text.matchAll(/\s*(\d+(?:\.\d+)?)\s*(ms|h|m|s)/giy)) {
    const rank2 = order.indexOf(unit.toLowerCase());
    if (rank2 <= last)
      return void 0;
    last = rank2;
    ms += Number(number) * DURATION_UNITS[order[rank2]];
    read += part.length;
  }
  return read === text.length && last !== -1 ? ms : void 0;
}
function parseSize(input, value) {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(value.trim());
  const bytes = m ? Number(m[1]) * SIZE_UNITS[m[2].toLowerCase()] : NaN;
  if (!Number.isFinite(bytes) || bytes < 1) {
    throw new errors_InputError(input, `'${value}' is not a size (examples: 64k, 256m, 1g)`);
  }
  return Math.floor(bytes);
}
function units_formatDuration(ms) {
  if (ms < 1e3)
    return `${Math.round(ms)} ms`;
  if (ms < 6e4)
    return `${(ms / 1e3).toFixed(2)} s`;
  const seconds2 = Math.round(ms / 1e3);
  return `${Math.floor(seconds2 / 60)} m ${String(seconds2 % 60).padStart(2, "0")} s`;
}
;
const DEFAULT_TOKEN = "default";
const OFF_TOKEN = "none";
function readGlobList(input, items, offWhat) {
  const read = { defaults: false, globs: [], negated: [] };
  for (const item of items) {
    if (item === OFF_TOKEN) {
      if (items.length > 1)
        throw new errors_InputError(input, `'${OFF_TOKEN}' ${offWhat}; it goes alone`);
      continue;
    }
    if (item === DEFAULT_TOKEN) {
      read.defaults = true;
      continue;
    }
    const negated = item.startsWith("!");
    const glob = negated ? item.slice(1) : item;
    const path2 = checkRelativePath(glob);
    if (!path2.ok)
      throw new errors_InputError(input, `'${item}' ${path2.why}: globs are relative to the base tree`);
    const into = negated ? read.negated : read.globs;
    if (!into.includes(glob))
      into.push(glob);
  }
  return read;
}
;
const SETUP_INPUTS = [
  "**/requirements*.txt",
  "**/requirements/*.txt",
  "**/constraints*.txt",
  "**/pyproject.toml",
  "**/setup.py",
  "**/setup.cfg",
  "**/poetry.lock",
  "**/uv.lock",
  "**/Pipfile",
  "**/Pipfile.lock",
  "**/package.json",
  "**/package-lock.json",
  "**/npm-shrinkwrap.json",
  "**/yarn.lock",
  "**/pnpm-lock.yaml",
  "**/pnpm-workspace.yaml",
  "**/composer.json",
  "**/composer.lock",
  "**/go.mod",
  "**/go.sum",
  "**/Cargo.toml",
  "**/Cargo.lock",
  "**/Gemfile",
  "**/Gemfile.lock"
];
function parseSetupInputs(items) {
  if (items.length === 0)
    return [...SETUP_INPUTS];
  const read = readGlobList("setup-inputs", items, "turns per-candidate set-ups off");
  if (read.negated.length > 0)
    throw new errors_InputError("setup-inputs", `'!${read.negated[0]}' is a negation: list the files the set-up reads, not the ones to leave out`);
  return [.../* @__PURE__ */ new Set([...read.defaults ? SETUP_INPUTS : [], ...read.globs])];
}
;
function parseProtect(items) {
  if (items === void 0)
    return { defaults: true, globs: [], except: [] };
  const read = readGlobList("protect", items, "turns protection off");
  const setting = { defaults: read.defaults, globs: read.globs, except: read.negated };
  if (setting.except.length > 0 && !setting.defaults && setting.globs.length === 0) {
    throw new errors_InputError("protect", `'!${setting.except[0]}' leaves out of nothing; write '${DEFAULT_TOKEN}, !${setting.except[0]}' to keep the default and leave it out`);
  }
  return setting;
}
function protectionOff(setting) {
  return !setting.defaults && setting.globs.length === 0;
}
;
const SERVICE_LIMITS = { memoryBytes: 512 * 1024 * 1024, cpus: 1, pidsLimit: 256 };
function runMemoryBytes(sandboxBytes, services) {
  return sandboxBytes + services.length * SERVICE_LIMITS.memoryBytes;
}
const NAME = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ARGS_MARK = "--";
function parseServices(value) {
  const services = [];
  value.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "")
      return;
    const bad = (why) => new errors_InputError("services", `line ${index + 1} '${line}': ${why}`);
    const equals = line.indexOf("=");
    if (equals === -1)
      throw bad("is not NAME=IMAGE (optionally followed by ' -- ARGS')");
    const name = line.slice(0, equals).trim();
    const rest = line.slice(equals + 1).trim();
    const words = rest.split(/\s+/).filter(Boolean);
    const mark = words.indexOf(ARGS_MARK);
    const before = mark === -1 ? words : words.slice(0, mark);
    const args = mark === -1 ? [] : words.slice(mark + 1);
    const image = before[0] ?? "";
    if (!NAME.test(name))
      throw bad(`the name '${name}' is not a host name (a-z, 0-9 and '-', starting with a letter, at most 63)`);
    if (image === "")
      throw bad("names no image");
    if (before.length > 1)
      throw bad(`'${before.join(" ")}' is not one image name; put the container's arguments after ' -- '`);
    if (image.startsWith("-"))
      throw bad(`'${image}' is not an image name`);
    if (mark !== -1 && args.length === 0)
      throw bad("has ' -- ' but no arguments after it");
    if (services.some((service) => service.name === name))
      throw bad(`the name '${name}' is taken by an earlier line`);
    services.push({ name, image, args });
  });
  return services;
}
function servicesRefusal(engine, isolation) {
  if (engine === "podman")
    return "needs engine: docker (podman's internal networks leave the host reachable from the sandbox)";
  if (isolation === "run")
    return "cannot be combined with isolation: run (one container serves many candidates, so their services could not be fresh for each); use isolation: candidate";
  if (isolation === "namespace")
    return "cannot be combined with isolation: namespace (its sandboxes have no network to join a service's); use isolation: candidate";
  return void 0;
}
;
const RESULTS_FORMATS = [
  "junit",
  "pytest",
  "pytest-options",
  "pytest-v2",
  "django",
  "sympy",
  "seaborn",
  "matplotlib",
  "astroid",
  "flask",
  "marshmallow",
  "pvlib",
  "pyvista",
  "sqlfluff",
  "xarray",
  "pydicom",
  "requests",
  "pylint",
  "astropy",
  "scikit",
  "sphinx"
];
const FAIL_ON_MARKS = ["flaky", "tampering"];
const REPLY_PIDS = 64;
const PATCH_PIDS = 256;
const DEFAULTS = {
  source: "comments",
  authors: "*[bot]",
  files: "",
  language: "auto",
  image: "",
  pull: "missing",
  tests: "",
  protect: "default",
  workdir: "",
  target: "",
  command: "",
  "patch-fuzz": "false",
  timeout: "10s",
  // Empty: five times the candidate's timeout, a minute over it at least (sandbox/charged-time.ts).
  "wall-timeout": "",
  memory: "256m",
  cpus: "1",
  // Empty: 64 for a reply, 256 for a patch (its repository's own test suite).
  "pids-limit": "",
  "max-output": "64k",
  "tmpfs-size": "64m",
  // Empty: tmpfs-size, since every candidate's work dir holds the tree.
  "max-tree-size": "",
  setup: "",
  "setup-network": "none",
  // Empty: the package manifests and lock files (settings/setup-inputs-setting.ts).
  "setup-inputs": "",
  "test-results": "",
  "results-format": "junit",
  compare: "none",
  reruns: "0",
  "setup-timeout": "10m",
  services: "",
  runtime: "",
  engine: "docker",
  concurrency: "",
  isolation: "candidate",
  shard: "",
  baseline: "",
  merge: "",
  "max-candidates": "20",
  "pass-at-k": "1,5,10",
  // A pass whose own code reaches into the judge proves nothing: `tampering` is in by default.
  "fail-on": [...statuses_STATUSES.filter((s) => s !== "pass"), "tampering"].join(","),
  comment: "true",
  report: "",
  junit: "",
  "swe-bench-report": "",
  resume: "",
  "github-token": "",
  decide: "latest",
  rejudge: "false",
  "comment-key": "",
  "audit-log": "",
  "post-report": "",
  matrix: ""
};
function parseNumber(input, value, { integer, min }) {
  const n = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(n) || integer && !Number.isInteger(n) || n < min) {
    throw new errors_InputError(input, `'${value}' is not ${integer ? "a whole number" : "a number"} \u2265 ${min}`);
  }
  return n;
}
function parseChoice(input, value, choices) {
  const v = value.trim().toLowerCase();
  if (!choices.includes(v)) {
    throw new errors_InputError(input, `'${value}' is not one of ${choices.join(", ")}`);
  }
  return v;
}
function parseBoolean(input, value) {
  return parseChoice(input, value, ["true", "false"]) === "true";
}
function parseList(value) {
  return value.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
}
function parseGlobs(input, value) {
  const globs = parseList(value);
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem)
      throw new errors_InputError(input, `'${glob}' ${problem}`);
  }
  return globs;
}
function parseShard(value) {
  const v = value.trim();
  if (v === "")
    return void 0;
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) {
    throw new errors_InputError("shard", `'${value}' is not i/n with 1 \u2264 i \u2264 n (examples: 1/4, 4/4)`);
  }
  return { index, count };
}
const COMMENT_KEY_MAX = 200;
function parseMatrix(value) {
  const v = value.trim();
  if (v === "" || v === "null")
    return {};
  let parsed;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new errors_InputError("matrix", "is not JSON: leave it unset, the action fills it in");
  }
  if (!records_isRecord(parsed))
    throw new errors_InputError("matrix", "is not a JSON object: leave it unset, the action fills it in");
  return Object.fromEntries(Object.entries(parsed).map(([k, item]) => [k, typeof item === "string" ? item : JSON.stringify(item)]));
}
function fitConcurrency(wanted, memoryBytes, machineBytes = (0, external_node_os_namespaceObject.totalmem)()) {
  const budget = Math.floor(machineBytes * 0.75 / memoryBytes);
  return Math.max(1, Math.min(wanted, budget));
}
function parseLanguage(value) {
  const language = value.toLowerCase();
  if (language === "auto" || isLanguage(language))
    return language;
  throw new errors_InputError("language", `'${language}' is not one of auto, ${LANGUAGE_NAMES.join(", ")}`);
}
function readCrossChecked(input, ctx) {
  const language = parseLanguage(input("language"));
  const source = parseChoice("source", input("source"), ["comments", "pull-request", "files"]);
  const files = parseList(input("files"));
  if (source === "files" && files.length === 0) {
    throw new errors_InputError("files", "is required when source is 'files'");
  }
  const failOnWords = parseList(input("fail-on")).map((s) => parseChoice("fail-on", s, [...statuses_STATUSES, ...FAIL_ON_MARKS]));
  const memoryBytes = parseSize("memory", input("memory"));
  if (memoryBytes < 6 * 1024 ** 2)
    throw new errors_InputError("memory", `'${input("memory")}' is below Docker's minimum of 6m`);
  const wanted = input("concurrency") === "" ? ctx.cpuCount ?? (0, external_node_os_namespaceObject.cpus)().length : parseNumber("concurrency", input("concurrency"), { integer: true, min: 1 });
  return {
    language,
    source,
    files,
    failOnWords,
    memoryBytes,
    wanted,
    ...readJobShape(input)
  };
}
function readJobShape(input) {
  const target = input("target");
  const shard = parseShard(input("shard"));
  const merge = parseList(input("merge"));
  if (shard && merge.length > 0)
    throw new errors_InputError("shard", "cannot be combined with 'merge': a merge job runs no candidates");
  const postReport = input("post-report");
  if (postReport && merge.length > 0)
    throw new errors_InputError("post-report", "cannot be combined with 'merge': the commenter runs nothing");
  if (input("resume") && merge.length > 0)
    throw new errors_InputError("resume", "cannot be combined with 'merge': a merge judges nothing to resume");
  if (input("resume") && shard)
    throw new errors_InputError("resume", "cannot be combined with 'shard' yet: resume the whole run, or run the shards afresh");
  if (input("resume") && postReport)
    throw new errors_InputError("resume", "cannot be combined with 'post-report': the commenter judges nothing");
  if (parseList(input("tests")).length > 0 && input("command").trim() === "" && !postReport && merge.length === 0)
    throw new errors_InputError("command", "is required when 'tests' is set: the default command runs the candidate's file, never the tests (e.g. command: python3 -m pytest -q)");
  const commentKey = input("comment-key");
  if (commentKey.length > COMMENT_KEY_MAX)
    throw new errors_InputError("comment-key", `is ${commentKey.length} characters long; at most ${COMMENT_KEY_MAX}`);
  const targetPath = target ? checkRelativePath(target) : void 0;
  if (targetPath && !targetPath.ok)
    throw new errors_InputError("target", `'${target}' ${targetPath.why}: it must be a relative path inside the work dir`);
  const pids = input("pids-limit") === "" ? void 0 : parseNumber("pids-limit", input("pids-limit"), { integer: true, min: 8 });
  const workdirBytes = parseSize("tmpfs-size", input("tmpfs-size"));
  const setup = input("setup");
  const setupNetwork = parseChoice("setup-network", input("setup-network"), ["none", "bridge"]);
  const setupTimeoutMs = parseDuration("setup-timeout", input("setup-timeout"));
  const services = parseServices(input("services"));
  const setupInputs = parseSetupInputs(parseList(input("setup-inputs")));
  return {
    target,
    shard,
    merge,
    postReport,
    commentKey,
    pids,
    workdirBytes,
    setup,
    setupNetwork,
    setupTimeoutMs,
    services,
    setupInputs
  };
}
function readSource(input, ctx, early) {
  return {
    kind: early.source,
    authors: parseList(input("authors")),
    files: early.files,
    workdir: input("workdir") || ctx.defaultWorkdir,
    tests: parseList(input("tests")),
    maxTreeBytes: input("max-tree-size") === "" ? early.workdirBytes : parseSize("max-tree-size", input("max-tree-size")),
    maxCandidates: parseNumber("max-candidates", input("max-candidates"), { integer: true, min: 1 }),
    ...early.shard ? { shard: early.shard } : {}
  };
}
function readRun(input, early) {
  const { setup, setupNetwork, setupTimeoutMs, setupInputs } = early;
  return {
    language: early.language,
    image: input("image"),
    pull: parseChoice("pull", input("pull"), ["always", "missing", "never"]),
    target: early.target,
    command: input("command"),
    ...setup && {
      setup: { command: setup, network: setupNetwork, timeoutMs: setupTimeoutMs, inputs: setupInputs }
    },
    services: early.services,
    patchPidsLimit: early.pids ?? PATCH_PIDS,
    patchFuzz: parseBoolean("patch-fuzz", input("patch-fuzz")),
    testResults: parseGlobs("test-results", input("test-results")),
    resultsFormat: parseChoice("results-format", input("results-format"), RESULTS_FORMATS),
    compare: parseChoice("compare", input("compare"), ["none", "base"]),
    reruns: parseNumber("reruns", input("reruns"), { integer: true, min: 0 }),
    protect: parseProtect(parseList(input("protect"))),
    failOnFlaky: early.failOnWords.includes("flaky"),
    failOnTampering: early.failOnWords.includes("tampering")
  };
}
function readLimits(input, early) {
  const timeoutMs = parseDuration("timeout", input("timeout"));
  const wall = input("wall-timeout");
  const wallTimeoutMs = wall === "" ? void 0 : parseDuration("wall-timeout", wall);
  if (wallTimeoutMs !== void 0 && wallTimeoutMs < timeoutMs) {
    throw new errors_InputError("wall-timeout", `${wall} is shorter than timeout (${input("timeout")}): the backstop must leave the candidate its time`);
  }
  return {
    timeoutMs,
    ...wallTimeoutMs !== void 0 && { wallTimeoutMs },
    memoryBytes: early.memoryBytes,
    cpus: parseNumber("cpus", input("cpus"), { integer: false, min: 0.01 }),
    pidsLimit: early.pids ?? REPLY_PIDS,
    maxOutputBytes: parseSize("max-output", input("max-output")),
    workdirBytes: early.workdirBytes,
    runtime: input("runtime")
  };
}
function readMode(input, ctx, early) {
  const engine = parseChoice("engine", input("engine"), ["docker", "podman"]);
  const isolation = parseChoice("isolation", input("isolation"), ["candidate", "run", "namespace"]);
  if (isolation === "namespace")
    namespaceCrossCheck(engine, input("runtime"));
  const services = early.services.length > 0;
  const refusal = services ? servicesRefusal(engine, isolation) : void 0;
  if (refusal)
    throw new errors_InputError("services", refusal);
  return {
    engine,
    isolation,
    // A run's services take memory beside its sandbox: as many runs at once as the machine holds with them.
    concurrency: fitConcurrency(early.wanted, runMemoryBytes(early.memoryBytes, early.services), ctx.machineBytes),
    services
  };
}
function namespaceCrossCheck(engine, runtime) {
  if (engine === "podman")
    throw new errors_InputError("isolation", "'namespace' needs engine: docker (it runs each candidate in a bwrap sandbox from a config docker made); use isolation: candidate with podman");
  if (runtime !== "")
    throw new errors_InputError("isolation", `'namespace' runs each candidate in a bwrap sandbox, so runtime '${runtime}' cannot apply; use isolation: candidate with a runtime`);
}
function readReports(input, early) {
  const failOn = early.failOnWords.filter((word) => !FAIL_ON_MARKS.includes(word));
  return {
    failOn: new Set(failOn),
    passAtK: parseList(input("pass-at-k")).map((k) => parseNumber("pass-at-k", k, { integer: true, min: 1 })),
    comment: parseBoolean("comment", input("comment")),
    report: input("report"),
    junit: input("junit"),
    baseline: input("baseline"),
    merge: early.merge,
    decide: parseChoice("decide", input("decide"), ["latest", "all"]),
    auditLog: input("audit-log"),
    sweBenchReport: input("swe-bench-report"),
    resume: input("resume"),
    postReport: early.postReport
  };
}
function readSettings(get, ctx) {
  const input = (name) => {
    const v = get(name).trim();
    return v === "" ? DEFAULTS[name] : v;
  };
  const early = readCrossChecked(input, ctx);
  return {
    source: readSource(input, ctx, early),
    run: readRun(input, early),
    limits: readLimits(input, early),
    mode: readMode(input, ctx, early),
    reports: readReports(input, early),
    conversation: {
      rejudge: parseBoolean("rejudge", input("rejudge")),
      commentKey: early.commentKey,
      matrix: parseMatrix(input("matrix"))
    },
    token: input("github-token") || ctx.defaultToken || ""
  };
}
;
const DATASET_SCHEMA = {
  ...shipped("dataset", "sandbox-gate dataset line", "One line of a `.jsonl` dataset: one candidate, a reply or a patch. Fields left out fall back to the action's inputs; other fields (an evaluation set's own) are ignored."),
  type: "object",
  properties: {
    id: {
      type: ["string", "number"],
      description: "The candidate's id in the report; the line's `file:line` when absent or blank."
    },
    reply: {
      type: "string",
      description: "A model's reply: prose with fenced code blocks, or bare code. A reply that holds only a diff is a patch."
    },
    patch: {
      type: "string",
      description: "A unified diff, applied in memory to the base tree (`workdir`). Used when there is no `reply`."
    },
    files: {
      type: "object",
      description: "Extra files for this candidate only (its tests, say): relative path \u2192 content. They win over `tests` files of the same path.",
      additionalProperties: { type: "string" }
    },
    task: {
      type: ["string", "number"],
      description: "The problem this line is a sample of: lines of one task are scored together as pass@k (the evaluation summary, the report's `pass_at_k`)."
    },
    command: declare_text("This candidate's test command, instead of the `command` input."),
    language: { enum: LANGUAGE_NAMES, description: "This candidate's language, instead of the `language` input." },
    target: {
      type: "string",
      description: "The file name the extracted code is written as, instead of the `target` input."
    },
    timeout: {
      type: ["string", "number"],
      description: "This candidate's wall-clock limit: a duration (`500ms`, `10s`, `2m`) or a number of seconds."
    },
    repo: {
      type: "string",
      minLength: 1,
      description: "The repository the line is a task of (`owner/name`, SWE-bench's `repo`): kept for the report and its per-repository counts."
    },
    model: {
      type: "string",
      minLength: 1,
      description: "The model whose prediction the line is (SWE-bench's `model_name_or_path`): kept for the report, and the directory and summary file SWE-bench's output is written under (`swe-bench-report`)."
    },
    image: {
      type: "string",
      minLength: 1,
      description: "This line's environment: the sandbox image it runs in, instead of the `image` input (SWE-bench's per-instance images as they are named)."
    },
    image_workdir: {
      type: "string",
      minLength: 1,
      description: "The directory of this line's image where its environment expects the repository (SWE-bench's images: `/testbed`, installed there in editable mode; the default for an image named as SWE-bench names its per-instance images, `\u2026/sweb.eval.<arch>.<instance>:<tag>`): the sandbox's work dir is there instead of `/work`, and starts from what the image holds there (its build artifacts included, its .git left out) with the candidate's changes on top, rather than from the base tree's files."
    },
    results_format: {
      enum: RESULTS_FORMATS,
      description: "How this line's per-test results are read, instead of the `results-format` input: `junit` files (`test-results`), or the test command's own output read as SWE-bench's harness reads it (`pytest`, `django`, `sympy`, \u2026: its log parser's name without `parse_log_`, `_` as `-`)."
    },
    base_commit: {
      type: "string",
      minLength: 1,
      description: "A commit of the git repository at `workdir` (a sha or any name git resolves): this candidate's base tree is that commit's tracked files, read with git; the checkout is never changed. Needs `patch`."
    },
    test_patch: {
      type: "string",
      description: "A unified diff of trusted tests, applied to the base's versions of its files after the candidate's patch: its files win over the candidate's (SWE-bench's order)."
    },
    fail_to_pass: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Test ids (as the report writes them; pytest node ids are read too; with a log format, as SWE-bench's harness keys them) that fail on the base and must pass: with `pass_to_pass`, they decide `resolved`. Needs per-test results: the `test-results` input, or a log format (`results_format`)."
    },
    pass_to_pass: {
      type: "array",
      items: { type: "string", minLength: 1 },
      description: "Test ids that pass on the base and must still pass. A listed test that is missing or skipped has not passed."
    }
  },
  anyOf: [{ required: ["reply"] }, { required: ["patch"] }],
  // A reply is code for one file; a commit's tree is what a patch changes.
  dependentRequired: { base_commit: ["patch"] }
};
var _2020 = __nccwpck_require__(2210);
;
function checker(schema, root) {
  let validate;
  return (value) => {
    validate ??= new _2020.Ajv2020({
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      verbose: true
    }).compile(schema);
    return validate(value) ? { ok: true, value } : { ok: false, problem: describe(validate.errors, root) };
  };
}
const TYPE_NAMES = {
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null"
};
function shown(value) {
  if (Array.isArray(value))
    return "a list";
  if (typeof value === "object" && value !== null)
    return "an object";
  const json2 = JSON.stringify(value);
  return json2.length > 40 ? `${json2.slice(0, 39)}\u2026"` : json2;
}
function pathOf(pointer) {
  const keys = pointer.split("/").slice(1).map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
  return keys.reduce((path2, key) => {
    if (/^\d+$/.test(key))
      return `${path2}[${key}]`;
    if (/^[A-Za-z_][\w-]*$/.test(key))
      return path2 ? `${path2}.${key}` : key;
    return `${path2}[${JSON.stringify(key)}]`;
  }, "");
}
function describe(errors, root) {
  const error = errors[errors.length - 1];
  const at = pathOf(error.instancePath) || root;
  const { params } = error;
  switch (error.keyword) {
    case "type":
      return `${at} must be ${[params.type].flat().map((t) => TYPE_NAMES[t] ?? t).join(" or ")}, not ${shown(error.data)}`;
    case "enum":
      return `${at} ${shown(error.data)} is not one of ${params.allowedValues.join(", ")}`;
    case "minimum":
      return `${at} must be \u2265 ${params.limit}, not ${shown(error.data)}`;
    case "required":
      return `${pathOf(`${error.instancePath}/${params.missingProperty}`)} is missing`;
    case "minLength":
      return `${at} must not be empty`;
    case "dependentRequired":
      return `${at} has ${JSON.stringify(params.property)} without ${JSON.stringify(params.missingProperty)}, which it needs`;
    case "additionalProperties":
      return `${at} has a field the schema does not declare: ${JSON.stringify(params.additionalProperty)}`;
    case "anyOf": {
      const branches = errors.slice(0, -1);
      if (branches.every((e) => e.keyword === "required"))
        return `${at} has neither ${branches.map((e) => e.params.missingProperty).join(" nor ")}`;
    }
  }
  return `${at} ${error.message}`;
}
;
const external_node_readline_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:readline");
;
function json_lines_jsonLine(line, file, n) {
  const where = `${file}:${n}`;
  try {
    const value = JSON.parse(n === 1 ? line.replace(/^\uFEFF/, "") : line);
    return { n, where, ok: true, value };
  } catch (error) {
    return { n, where, ok: false, problem: `not valid JSON (${error.message})` };
  }
}
function* json_lines_jsonLines(text, file) {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "")
      continue;
    yield { ...json_lines_jsonLine(line, file, i + 1), last: i === lines.length - 1 };
  }
}
async function* json_lines_streamedJsonLines(input, file) {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === "")
      continue;
    yield json_lines_jsonLine(line, file, n);
  }
}
;
const checkLine = checker(DATASET_SCHEMA, "the line");
function idOf(value, fallbackId) {
  const id = typeof value === "object" && value !== null ? value.id : void 0;
  return typeof id === "string" && id.trim() ? id : typeof id === "number" ? String(id) : fallbackId;
}
function parseDatasetLine(line, file, n) {
  return lineEntry(jsonLine(line, file, n));
}
function lineEntry(line) {
  if (!line.ok)
    return { problem: { id: line.where, source: line.where, problem: line.problem } };
  return datasetEntry(line.value, line.where, line.where);
}
function datasetEntry(value, source, fallbackId, check = checkLine) {
  const id = idOf(value, fallbackId);
  const checked = check(value);
  if (!checked.ok)
    return { problem: { id, source, problem: checked.problem } };
  const { reply, patch, files, command, language, target, timeout, task, repo, model, image, results_format } = checked.value;
  const { image_workdir } = checked.value;
  const { base_commit, test_patch, fail_to_pass, pass_to_pass } = checked.value;
  const overrides = {
    ...command !== void 0 && { command },
    ...language !== void 0 && { language },
    ...target !== void 0 && { target },
    ...image !== void 0 && { image },
    ...results_format !== void 0 && { resultsFormat: results_format }
  };
  const paths = [
    ...target === void 0 ? [] : [{ what: "'target'", path: target }],
    ...Object.keys(files ?? {}).map((path2) => ({ what: "a 'files' path", path: path2 }))
  ];
  for (const { what, path: path2 } of paths) {
    const safe = checkRelativePath(path2);
    if (!safe.ok)
      return {
        problem: {
          id,
          source,
          problem: `${what} ${JSON.stringify(path2)} ${safe.why}: it must be a relative path inside the work dir`
        }
      };
  }
  const imageProblem = image === void 0 ? void 0 : imageReferenceProblem(image);
  if (imageProblem !== void 0)
    return { problem: { id, source, problem: `'image' ${JSON.stringify(image)} ${imageProblem}` } };
  if (image_workdir !== void 0) {
    const dir = checkSandboxDir(image_workdir);
    if (!dir.ok)
      return {
        problem: {
          id,
          source,
          problem: `'image_workdir' ${JSON.stringify(image_workdir)} ${dir.why}: it must be an absolute directory of the image, as /testbed`
        }
      };
    overrides.imageWorkdir = dir.path;
  }
  if (timeout !== void 0) {
    try {
      overrides.timeoutMs = parseDuration("timeout", typeof timeout === "number" ? `${timeout}s` : timeout);
    } catch (error) {
      return { problem: { id, source, problem: error.message } };
    }
  }
  const candidate = {
    id,
    source,
    kind: reply !== void 0 ? "reply" : "patch",
    text: reply ?? patch,
    overrides
  };
  if (files !== void 0)
    candidate.files = files;
  if (task !== void 0)
    candidate.task = String(task);
  if (repo !== void 0)
    candidate.repo = repo;
  if (model !== void 0)
    candidate.model = model;
  const instance = {
    ...base_commit !== void 0 && { baseCommit: base_commit },
    ...test_patch !== void 0 && { testPatch: test_patch },
    ...fail_to_pass !== void 0 && { failToPass: [...fail_to_pass] },
    ...pass_to_pass !== void 0 && { passToPass: [...pass_to_pass] }
  };
  if (Object.keys(instance).length > 0)
    candidate.instance = instance;
  return { candidate };
}
async function* readDataset(path2, name) {
  for await (const line of streamedJsonLines(createReadStream(path2, { encoding: "utf8" }), name))
    yield lineEntry(line);
}
;
const MiB = 1024 * 1024;
function memorySlack(limitBytes) {
  return Math.max(4 * MiB, limitBytes * 0.02);
}
function atMemoryLimit(sample) {
  if (sample === void 0 || !(sample.limitBytes > 0))
    return false;
  return sample.limitBytes - sample.usedBytes <= memorySlack(sample.limitBytes);
}
;
function classify(facts) {
  if (facts.sandboxError)
    return "sandbox_error";
  if (facts.phase === "check" && !facts.timedOut && !facts.oomKilled && facts.exitCode !== 0)
    return "syntax_error";
  if (facts.timedOut)
    return atMemoryLimit(facts.memoryAtTimeout) ? "oom" : "timeout";
  if (facts.oomKilled)
    return "oom";
  if (facts.phase !== "run")
    return "sandbox_error";
  return facts.exitCode === 0 ? "pass" : "test_failed";
}
;
const STRATEGIES = ["exact", "offset", "fuzz"];
function normalisePath(path2) {
  const checked = path2 === null ? null : checkRelativePath(path2);
  return checked?.ok ? checked.path : path2;
}
function pathThroughSymlink(paths, isSymlink2) {
  for (const path2 of paths) {
    const parts = path2.split("/");
    for (let i = 1; i <= parts.length; i++)
      if (isSymlink2(parts.slice(0, i).join("/")))
        return path2;
  }
  return null;
}
function patch_touchedPaths(patch) {
  const paths = /* @__PURE__ */ new Set();
  for (const file of patch.files) {
    for (const path2 of [file.oldPath, file.newPath])
      if (path2 !== null && isSafeRelativePath(path2))
        paths.add(path2);
  }
  return [...paths].sort();
}
function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;
}
function quote(text) {
  return JSON.stringify(clip(text, 40));
}
function quoteBytes(bytes) {
  return quote(utf8(bytes));
}
function clipPath(path2) {
  return path2.length > 80 ? `\u2026${path2.slice(-79)}` : path2;
}
function hunkPrefix(file, ref) {
  return `${clipPath(file)} hunk ${ref.index} (${clip(ref.header, 40)})`;
}
function byteString(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
function toBytes(bytes) {
  return Buffer.from(bytes, "latin1");
}
function utf8(bytes) {
  return Buffer.from(bytes, "latin1").toString("utf8");
}
function trimEndAscii(bytes) {
  return bytes.replace(/[\t\n\v\f\r ]+$/, "");
}
class PatchSyntaxError extends Error {
  problem;
  constructor(problem) {
    super(problem.reason);
    this.problem = problem;
  }
}
function fail(file, hunk, what) {
  const where = file === null ? "" : hunk === null ? `${clipPath(file)}: ` : `${hunkPrefix(file, hunk)}: `;
  throw new PatchSyntaxError({ file, hunk, reason: `${where}${what}` });
}
class Cursor {
  lines;
  index = 0;
  constructor(bytes) {
    const raw = bytes.replace(/^\xEF\xBB\xBF/, "").split("\n");
    if (raw[raw.length - 1] === "")
      raw.pop();
    this.lines = raw;
  }
  get done() {
    return this.index >= this.lines.length;
  }
  /** The line `ahead` lines on, or "" past the end, without a CR at its end: git reads headers so too. */
  peek(ahead = 0) {
    return (this.lines[this.index + ahead] ?? "").replace(/\r$/, "");
  }
  /** The current line as the patch has it, a CR at its end included: a hunk line's bytes. */
  peekRaw() {
    return this.lines[this.index] ?? "";
  }
  next() {
    const line = this.peek();
    this.index++;
    return line;
  }
  /** 1-based number of the current line, for messages. */
  get lineNumber() {
    return this.index + 1;
  }
}
const HUNK_HEADER = /^(@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@)/;
const GIT_HEADER = /^(old mode|new mode|deleted file mode|new file mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|index) (.*)$/;
const BINARY = /^(GIT binary patch|Binary files (.*) and (.*) differ)$/;
const TIMESTAMP = /[ \t]+(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: [+-]\d{4})?)$/;
const EPOCH = /^(1970-01-01|1969-12-31) /;
function isPlainHeader(cur) {
  return cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ") && cur.peek(2).startsWith("@@");
}
const C_ESCAPES = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, '"': 34 };
function readQuoted(text) {
  let name = "";
  for (let i = 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"')
      return { name, rest: text.slice(i + 1) };
    if (ch !== "\\") {
      name += ch;
      continue;
    }
    const octal2 = /^[0-7]{3}/.exec(text.slice(i + 1));
    const escaped = C_ESCAPES[text[i + 1] ?? ""];
    if (octal2) {
      name += String.fromCharCode(parseInt(octal2[0], 8) & 255);
      i += 3;
    } else if (escaped !== void 0) {
      name += String.fromCharCode(escaped);
      i += 1;
    } else
      return null;
  }
  return null;
}
function headerName(rest, cur) {
  let name;
  let stamp;
  if (rest.startsWith('"')) {
    const quoted = readQuoted(rest);
    if (!quoted)
      fail(null, null, `line ${cur.lineNumber - 1} of the patch has a malformed quoted file name`);
    ({ name, rest: stamp } = quoted);
  } else {
    const tab = rest.indexOf("	");
    const match2 = tab < 0 ? TIMESTAMP.exec(rest) : null;
    name = tab >= 0 ? rest.slice(0, tab) : match2 ? rest.slice(0, match2.index) : rest;
    stamp = tab >= 0 ? rest.slice(tab + 1) : match2?.[1] ?? "";
  }
  name = trimEndAscii(name);
  return name === "/dev/null" || EPOCH.test(stamp.replace(/^[ \t]+/, "")) ? null : name;
}
function gitLineNames(rest) {
  if (rest.startsWith('"')) {
    const first = readQuoted(rest);
    const second = first && first.rest.startsWith(' "') ? readQuoted(first.rest.slice(1)) : null;
    if (first && second)
      return [first.name, second.name];
    return first ? [first.name, first.rest.replace(/^ +/, "")] : null;
  }
  for (let i = rest.indexOf(" "); i >= 0; i = rest.indexOf(" ", i + 1)) {
    const [a, b] = [rest.slice(0, i), rest.slice(i + 1)];
    if (dropFirstComponent(a) === dropFirstComponent(b))
      return [a, b];
  }
  return null;
}
function dropFirstComponent(path2) {
  return path2.slice(path2.indexOf("/") + 1);
}
function dropPrefix(path2, prefix) {
  return path2.startsWith(prefix) ? path2.slice(prefix.length) : path2;
}
function resolveNames(oldName, newName) {
  if (oldName === null || newName === null) {
    return [oldName === null ? null : dropPrefix(oldName, "a/"), newName === null ? null : dropPrefix(newName, "b/")];
  }
  if (oldName === newName)
    return [oldName, newName];
  if (oldName.includes("/") && newName.includes("/") && dropFirstComponent(oldName) === dropFirstComponent(newName)) {
    const path3 = dropFirstComponent(oldName);
    return [path3, path3];
  }
  const [a, b] = [dropPrefix(oldName, "a/"), dropPrefix(newName, "b/")];
  const path2 = a.length <= b.length ? a : b;
  return [path2, path2];
}
function parseHunkHeader(cur, file, index) {
  const line = cur.next();
  const match2 = HUNK_HEADER.exec(line);
  if (!match2)
    fail(file, null, `hunk ${index} has a malformed header ${quoteBytes(line)}`);
  const [, header2, oldStart, oldCount, newStart, newCount] = match2;
  const num = (value) => value === void 0 ? 1 : Number(value);
  return {
    header: header2,
    oldStart: num(oldStart),
    oldCount: num(oldCount),
    newStart: num(newStart),
    newCount: num(newCount)
  };
}
function parseHunk(cur, file, index) {
  const head = parseHunkHeader(cur, file, index);
  const ref = { index, header: head.header };
  const lines = [];
  let [oldLeft, newLeft] = [head.oldCount, head.newCount];
  const markNoEol = () => {
    const last = lines[lines.length - 1];
    if (last)
      last.noEol = true;
    cur.next();
  };
  while (oldLeft > 0 || newLeft > 0) {
    if (cur.done)
      fail(file, ref, `the patch ends ${oldLeft} old and ${newLeft} new lines before the hunk does`);
    const raw = cur.peekRaw();
    if (raw.startsWith("\\")) {
      markNoEol();
      continue;
    }
    const dropped = raw === "" || raw === "\r";
    const op = dropped ? " " : raw[0];
    if (op !== " " && op !== "-" && op !== "+") {
      fail(file, ref, `line ${cur.lineNumber} of the patch (${quoteBytes(cur.peek())}) is not a hunk line; are the header's line counts right?`);
    }
    if (op !== "+" && oldLeft === 0 || op !== "-" && newLeft === 0) {
      fail(file, ref, `line ${cur.lineNumber} of the patch goes past the header's line counts`);
    }
    if (op !== "+")
      oldLeft--;
    if (op !== "-")
      newLeft--;
    lines.push({ op, text: dropped ? raw : raw.slice(1), noEol: false });
    cur.next();
  }
  if (cur.peek().startsWith("\\"))
    markNoEol();
  const after = cur.peek();
  if (/^[-+]/.test(after) && after !== "-- " && !isPlainHeader(cur)) {
    fail(file, ref, `line ${cur.lineNumber} of the patch (${quoteBytes(after)}) goes past the header's line counts`);
  }
  return { ...head, lines };
}
function parseHunks(cur, file) {
  const hunks = [];
  while (cur.peek().startsWith("@@"))
    hunks.push(parseHunk(cur, file, hunks.length + 1));
  return hunks;
}
function checkMode(mode, file) {
  if (mode === "120000")
    fail(file, null, "symbolic links are not supported");
  if (mode === "160000")
    fail(file, null, "submodules are not supported");
}
function readHeaderPair(cur) {
  const oldName = headerName(cur.next().slice(4), cur);
  return [oldName, headerName(cur.next().slice(4), cur)];
}
function parseGitFile(cur) {
  const lineNames = gitLineNames(cur.next().slice("diff --git ".length));
  const ext2 = /* @__PURE__ */ new Map();
  let binary = false;
  for (; ; ) {
    const line = cur.peek();
    const match2 = GIT_HEADER.exec(line);
    if (match2)
      ext2.set(match2[1], match2[2]);
    else if (BINARY.test(line))
      binary = true;
    else
      break;
    cur.next();
  }
  const hasPair = cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ");
  const [oldName, newName] = hasPair ? readHeaderPair(cur) : [
    ext2.has("new file mode") ? null : lineNames?.[0] ?? null,
    ext2.has("deleted file mode") ? null : lineNames?.[1] ?? null
  ];
  const [oldResolved, newResolved] = resolveNames(oldName, newName);
  const source = unquoteExt(ext2.get("rename from") ?? ext2.get("copy from"));
  const target = unquoteExt(ext2.get("rename to") ?? ext2.get("copy to"));
  const oldPath = textName(source ?? oldResolved);
  const newPath = textName(target ?? newResolved);
  const display = newPath ?? oldPath ?? (lineNames ? utf8(dropPrefix(lineNames[1], "b/")) : "(unnamed file)");
  if (oldPath === null && newPath === null)
    fail(display, null, "the diff names no file");
  if (binary)
    fail(display, null, "binary patches are not supported");
  const mode = ext2.get("new file mode") ?? ext2.get("new mode");
  checkMode(ext2.get("old mode") ?? ext2.get("deleted file mode"), display);
  checkMode(mode, display);
  const hunks = parseHunks(cur, display);
  const structural = source !== void 0 || ["new file mode", "deleted file mode", "new mode"].some((key) => ext2.has(key));
  if (hunks.length === 0 && !structural)
    fail(display, null, "the diff has no hunks");
  return {
    oldPath: normalisePath(oldPath),
    newPath: normalisePath(newPath),
    copy: ext2.has("copy from"),
    ...mode !== void 0 && { mode },
    hunks
  };
}
function textName(name) {
  return name === null ? null : utf8(name);
}
function unquoteExt(value) {
  if (value === void 0 || !value.startsWith('"'))
    return value;
  return readQuoted(value)?.name ?? value;
}
function parsePlainFile(cur) {
  const [oldName, newName] = readHeaderPair(cur);
  const [oldResolved, newResolved] = resolveNames(oldName, newName);
  const [oldPath, newPath] = [textName(oldResolved), textName(newResolved)];
  const display = newPath ?? oldPath ?? "(unnamed file)";
  if (oldPath === null && newPath === null)
    fail(display, null, "both sides of the diff are /dev/null");
  return {
    oldPath: normalisePath(oldPath),
    newPath: normalisePath(newPath),
    copy: false,
    hunks: parseHunks(cur, display)
  };
}
function binaryName(line) {
  const [, , oldName, newName] = BINARY.exec(line);
  return utf8(newName === "/dev/null" ? dropPrefix(oldName, "a/") : dropPrefix(newName, "b/"));
}
function patch_parsePatch(patch) {
  const cur = new Cursor(byteString(typeof patch === "string" ? Buffer.from(patch, "utf8") : patch));
  const files = [];
  try {
    while (!cur.done) {
      const line = cur.peek();
      if (line.startsWith("diff --git "))
        files.push(parseGitFile(cur));
      else if (isPlainHeader(cur))
        files.push(parsePlainFile(cur));
      else if (BINARY.test(line))
        fail(binaryName(line), null, "binary patches are not supported");
      else if (HUNK_HEADER.test(line)) {
        fail(null, null, `line ${cur.lineNumber} of the patch starts a hunk (${quoteBytes(line)}) with no '---'/'+++' file header before it`);
      } else
        cur.next();
    }
  } catch (error) {
    if (error instanceof PatchSyntaxError)
      return { files, problem: error.problem };
    throw error;
  }
  return { files, problem: null };
}
function toLines(content2) {
  return content2.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
function lineEndOf(file) {
  const ended = file.find((line) => line.endsWith("\n"));
  return ended === void 0 ? null : ended.endsWith("\r\n") ? "\r\n" : "\n";
}
function fromLines(lines, eol) {
  const lastIndex = lines.length - 1;
  return lines.map((line, i) => i < lastIndex && !line.endsWith("\n") ? line + eol : line).join("");
}
function lineBytes(line) {
  return line.noEol ? line.text : `${line.text}
`;
}
function prepare(hunk, index) {
  const changes = hunk.lines.map((line, i) => line.op === " " ? -1 : i).filter((i) => i >= 0);
  const first = changes[0] ?? hunk.lines.length;
  const lastChange = changes[changes.length - 1];
  return {
    ref: { index, header: hunk.header },
    oldStart: hunk.oldStart,
    lines: hunk.lines,
    lead: first,
    trail: lastChange === void 0 ? 0 : hunk.lines.length - 1 - lastChange,
    context: hunk.lines.some((line) => line.op === " "),
    // `-l,0` means "after line l"; otherwise l is the first old line.
    stated: hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1
  };
}
const LEVELS = [
  { strategy: "exact", fuzz: 0, loose: false },
  { strategy: "offset", fuzz: 0, loose: false },
  { strategy: "fuzz", fuzz: 0, loose: true },
  { strategy: "fuzz", fuzz: 1, loose: true },
  { strategy: "fuzz", fuzz: 2, loose: true }
];
function oldSide(lines) {
  return lines.filter((line) => line.op !== "+");
}
function lineMatches(file, at, line, loose) {
  const found = file[at];
  if (found === void 0)
    return false;
  return loose ? trimEndAscii(found) === trimEndAscii(line.text) : found === lineBytes(line);
}
function matchesAt(file, old, at, loose) {
  return old.every((line, i) => lineMatches(file, at + i, line, loose));
}
function* nearest(guess, min, max) {
  const from = Math.min(Math.max(guess, min), max);
  for (let d = 0; from + d <= max || from - d >= min; d++) {
    if (from + d <= max)
      yield from + d;
    if (d > 0 && from - d >= min)
      yield from - d;
  }
}
function pins(hunk, fileLength, oldLength) {
  if (!hunk.context && hunk.oldStart !== 0)
    return null;
  const at = [hunk.oldStart <= 1 ? 0 : null, hunk.trail === 0 ? fileLength - oldLength : null].filter((p) => p !== null);
  if (at.length === 0)
    return null;
  return at.every((p) => p === at[0]) ? [at[0]] : [];
}
function locate(file, hunk, level, min, delta) {
  const cutLead = Math.min(level.fuzz, hunk.lead);
  const cutTrail = Math.min(level.fuzz, hunk.trail);
  const lines = hunk.lines.slice(cutLead, hunk.lines.length - cutTrail);
  const old = oldSide(lines);
  if (level.fuzz > 0 && old.length === 0 && oldSide(hunk.lines).length > 0)
    return null;
  const max = file.length - old.length;
  const stated = hunk.stated + cutLead;
  const pinned = level.strategy === "fuzz" ? null : pins(hunk, file.length, old.length);
  const positions = level.strategy === "exact" ? [stated].filter((at) => pinned?.includes(at) ?? true) : pinned ?? nearest(stated + delta, min, max);
  for (const at of positions) {
    if (at < min || at > max)
      continue;
    if (matchesAt(file, old, at, level.loose)) {
      return { start: at, take: old.length, from: cutLead, to: hunk.lines.length - cutTrail, strategy: level.strategy };
    }
  }
  return null;
}
function lineEnd(line) {
  return line.endsWith("\r\n") ? "ends in CRLF" : line.endsWith("\n") ? "ends in LF" : "has no line end";
}
function difference(lineNumber, found, expected) {
  const [text, wanted] = [found.replace(/\r?\n$/, ""), expected.replace(/\r?\n$/, "")];
  if (text !== wanted)
    return `line ${lineNumber} reads ${quoteBytes(text)}, the patch expects ${quoteBytes(wanted)}`;
  return `line ${lineNumber} ${lineEnd(found)}, the patch's line ${lineEnd(expected)}`;
}
function mismatch(file, hunk, min) {
  const old = oldSide(hunk.lines);
  const bad = old.findIndex((line, i) => !lineMatches(file, hunk.stated + i, line, false));
  if (bad < 0)
    return hunk.stated < min ? " (hunks must come in file order, without overlapping)" : "";
  const at = hunk.stated + bad;
  const found = file[at];
  if (found === void 0)
    return file.length === 0 ? " (the file is empty)" : ` (the file ends at line ${file.length})`;
  return ` (${difference(at + 1, found, lineBytes(old[bad]))})`;
}
function rank(strategy) {
  return STRATEGIES.indexOf(strategy);
}
function replacement(file, hunk, place2, eol) {
  const out = [];
  let at = place2.start;
  for (const line of hunk.lines.slice(place2.from, place2.to)) {
    if (line.op === " ")
      out.push(file[at]);
    else if (line.op === "+") {
      const loose = place2.strategy === "fuzz" && eol !== null && !line.noEol;
      out.push(loose ? `${line.text.replace(/\r$/, "")}${eol}` : lineBytes(line));
    }
    if (line.op !== "+")
      at++;
  }
  return out;
}
function patchContent(path2, content2, hunks, levels) {
  if (hunks.length === 0)
    return { ok: true, content: content2, strategy: "exact" };
  const file = toLines(content2);
  const eol = lineEndOf(file);
  const out = [];
  let [next, delta, weakest] = [0, 0, 0];
  for (const [i, hunk] of hunks.entries()) {
    const prepared = prepare(hunk, i + 1);
    let place2 = null;
    for (const level of levels) {
      place2 = locate(file, prepared, level, next, delta);
      if (place2)
        break;
    }
    if (!place2) {
      const why = `context does not match at line ${hunk.oldStart} or anywhere else in the file${mismatch(file, prepared, next)}`;
      return { ok: false, file: path2, hunk: prepared.ref, reason: `${hunkPrefix(path2, prepared.ref)}: ${why}` };
    }
    out.push(...file.slice(next, place2.start), ...replacement(file, prepared, place2, eol));
    next = place2.start + place2.take;
    delta = place2.start - place2.from - prepared.stated;
    weakest = Math.max(weakest, rank(place2.strategy));
  }
  out.push(...file.slice(next));
  return { ok: true, content: fromLines(out, eol ?? "\n"), strategy: STRATEGIES[weakest] };
}
function refuse(file, reason) {
  return { ok: false, file, hunk: null, reason: `${clipPath(file)}: ${reason}` };
}
function unsafePath(patch) {
  for (const file of patch.files) {
    for (const path2 of [file.oldPath, file.newPath]) {
      const checked = path2 === null ? null : checkRelativePath(path2);
      if (checked && !checked.ok) {
        return {
          ok: false,
          file: clipPath(path2),
          hunk: null,
          reason: checked.tooLong ? `path too long: ${quote(path2)} ${checked.why}` : `path escapes the tree: ${quote(path2)} (${checked.why})`
        };
      }
    }
  }
  return null;
}
function isRename(file) {
  return file.oldPath !== null && file.newPath !== null && file.oldPath !== file.newPath && !file.copy;
}
function applyPatch(tree, patch, opts = {}) {
  const unsafe = unsafePath(patch);
  if (unsafe)
    return unsafe;
  if (patch.problem)
    return { ok: false, ...patch.problem };
  if (patch.files.length === 0)
    return { ok: false, file: null, hunk: null, reason: "no file changes found in the patch" };
  const allowed = rank(opts.maxStrategy ?? "offset");
  const applying = {
    tree,
    levels: LEVELS.filter((level) => rank(level.strategy) <= allowed),
    base: (path2) => {
      const bytes = tree.get(path2);
      return bytes && { content: byteString(bytes), executable: opts.executable?.has(path2) ?? false };
    },
    // The paths the patch deletes or renames away, wherever in it: git lets a creation or a rename take them.
    leaving: new Set(patch.files.filter((file) => file.newPath === null || isRename(file)).map((file) => file.oldPath)),
    latest: /* @__PURE__ */ new Map(),
    writes: /* @__PURE__ */ new Map(),
    removals: /* @__PURE__ */ new Set(),
    weakest: 0
  };
  for (const file of patch.files) {
    const failure = applyFile(file, applying);
    if (failure)
      return failure;
  }
  return outcome(applying);
}
function applyFile(file, applying) {
  const { tree, leaving, latest, base } = applying;
  const { oldPath, newPath } = file;
  const path2 = newPath ?? oldPath;
  const moved = oldPath !== null && newPath !== null && oldPath !== newPath;
  if (newPath !== null && (oldPath === null || moved) && tree.has(newPath) && !leaving.has(newPath)) {
    const how = oldPath === null ? "creates it" : `${file.copy ? "copies" : "renames"} ${clipPath(oldPath)} onto it`;
    return refuse(newPath, `the patch ${how}, but it already exists`);
  }
  if (oldPath !== null && !moved && latest.get(oldPath) === null)
    return refuse(oldPath, "the patch changes it after deleting it or renaming it away");
  const source = oldPath === null ? { content: "", executable: false } : moved ? base(oldPath) : latest.get(oldPath) ?? base(oldPath);
  if (source === void 0)
    return refuse(oldPath, "the patch changes it, but it does not exist in the base tree");
  const result = patchContent(path2, source.content, file.hunks, applying.levels);
  if (!result.ok)
    return result;
  if (newPath === null && result.content !== "")
    return refuse(path2, "the patch deletes it, but the file holds more than the patch removes");
  applying.weakest = Math.max(applying.weakest, rank(result.strategy));
  if (newPath === null || isRename(file)) {
    applying.removals.add(oldPath);
    latest.set(oldPath, null);
  }
  if (newPath !== null) {
    const written = {
      content: result.content,
      executable: file.mode === void 0 ? source.executable : (parseInt(file.mode, 8) & 73) !== 0
    };
    applying.writes.set(newPath, written);
    latest.set(newPath, written);
  }
  return null;
}
function outcome({ base, removals, writes, weakest }) {
  const after = new Map([...[...removals].map((path2) => [path2, null]), ...writes]);
  const changed = ([path2, entry]) => {
    const before = base(path2);
    if (entry === null)
      return before !== void 0;
    return before === void 0 || entry.content !== before.content || entry.executable !== before.executable;
  };
  const kept = [...after].filter(changed);
  const files = new Map(kept.map(([path2, entry]) => [path2, entry && toBytes(entry.content)]));
  const executable = new Set(kept.filter(([, entry]) => entry?.executable).map(([path2]) => path2));
  return { ok: true, files, executable, changed: [...files.keys()].sort(), strategy: STRATEGIES[weakest] };
}
;
function isExecutable(mode) {
  return (mode & 73) !== 0;
}
async function loadTestFiles(patterns, base, maxBytes) {
  if (patterns.length === 0)
    return [];
  const matches = await resolveGlobs("tests", patterns, base);
  const files = [];
  let total = 0;
  for (const match2 of matches) {
    const content2 = await (0, external_node_fs_promises_namespaceObject.readFile)(match2.absolute);
    total += content2.length;
    if (total > maxBytes)
      throw new errors_InputError("tests", `matched files exceed ${maxBytes} bytes (at ${match2.relative}); narrow the globs or raise tmpfs-size`);
    files.push({ path: match2.relative, content: content2, executable: isExecutable((await (0, external_node_fs_promises_namespaceObject.stat)(match2.absolute)).mode) });
  }
  return files;
}
;
const external_node_child_process_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:child_process");
;
const external_node_util_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:util");
;
function sizeOf(header2) {
  const fields = header2.split(" ");
  return fields.length === 3 && /^\d+$/.test(fields[2]) ? Number(fields[2]) : void 0;
}
class CatFileBatch {
  objects = [];
  /** The bytes of the header or the object being read, when they began in an earlier chunk. */
  #held = [];
  #heldBytes = 0;
  /** The header read, while its object's bytes come; undefined while a header is being read. */
  #current;
  #onObject;
  constructor(onObject) {
    this.#onObject = onObject ?? ((object) => this.objects.push(object));
  }
  push(chunk) {
    let at = 0;
    while (at < chunk.length) {
      if (this.#current === void 0) {
        const eol = chunk.indexOf(10, at);
        if (eol < 0)
          return this.#hold(chunk.subarray(at));
        const header3 = this.#take(chunk.subarray(at, eol)).toString();
        at = eol + 1;
        const size2 = sizeOf(header3);
        if (size2 === void 0)
          this.#onObject({ header: header3, content: Buffer.alloc(0) });
        else
          this.#current = { header: header3, size: size2 };
        continue;
      }
      const wanted = this.#current.size + 1 - this.#heldBytes;
      if (chunk.length - at < wanted)
        return this.#hold(chunk.subarray(at));
      const whole = this.#take(chunk.subarray(at, at + wanted));
      const { header: header2, size } = this.#current;
      this.#current = void 0;
      at += wanted;
      this.#onObject({ header: header2, content: whole.subarray(0, size) });
    }
  }
  #hold(piece) {
    this.#held.push(piece);
    this.#heldBytes += piece.length;
  }
  /** `last` after what is held: a view when nothing is, one copy otherwise. */
  #take(last) {
    if (this.#held.length === 0)
      return last;
    const whole = Buffer.concat([...this.#held, last]);
    this.#held = [];
    this.#heldBytes = 0;
    return whole;
  }
}
class git_objects_GitObjects {
  #root;
  #git;
  #failure;
  #closed = false;
  #waiting = [];
  constructor(root) {
    this.#root = root;
  }
  /** The object `name` names (any of git's object names: a sha, `HEAD~1`, `<commit>^{tree}`), or undefined when it names none. */
  read(name) {
    if (/[\n\r\0]/.test(name))
      return Promise.resolve(void 0);
    if (this.#failure)
      return Promise.reject(this.#failure);
    if (this.#closed)
      return Promise.reject(new Error(`git cat-file in ${this.#root} was closed before ${name} was asked`));
    const git = this.#git ?? this.#start();
    return new Promise((resolve2, reject) => {
      this.#waiting.push({ resolve: resolve2, reject });
      git.stdin.write(`${name}
`);
    });
  }
  /** Ends the process once it has answered what was asked. */
  close() {
    this.#closed = true;
    this.#git?.stdin.end();
  }
  #start() {
    const git = (0, external_node_child_process_namespaceObject.spawn)("git", ["-C", this.#root, "cat-file", "--batch"], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    const batch = new CatFileBatch(({ header: header2, content: content2 }) => {
      const waiter = this.#waiting.shift();
      if (!waiter)
        return;
      const [id, type] = header2.split(" ");
      waiter.resolve(sizeOf(header2) === void 0 ? void 0 : { id, type, content: content2 });
    });
    git.stdout.on("data", (chunk) => batch.push(chunk));
    git.stderr.on("data", (chunk) => stderr += chunk.toString());
    git.stdin.on("error", () => {
    });
    const fail2 = (error) => {
      this.#failure ??= error;
      for (const waiter of this.#waiting.splice(0))
        waiter.reject(this.#failure);
    };
    git.on("error", fail2);
    git.on("close", (code) => {
      fail2(new Error(`git cat-file in ${this.#root} ended (exit ${code}) before answering: ${stderr.trim() || "no message"}`));
    });
    this.#git = git;
    return git;
  }
}
async function readBlob(objects, id, what = id) {
  const blob = await objects.read(id);
  if (blob?.type !== "blob")
    throw new Error(`git: ${what} is not a blob (${blob?.type ?? "missing"})`);
  return blob.content;
}
async function resolveCommit(objects, name) {
  const found = await objects.read(`${name}^{commit}`).catch(() => void 0);
  return found?.type === "commit" && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(found.id) ? found.id : void 0;
}
function parseTree(content2, idBytes) {
  const entries = [];
  let at = 0;
  while (at < content2.length) {
    const space = content2.indexOf(32, at);
    const nul = content2.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content2.length)
      throw new Error("git: a tree object is malformed");
    entries.push({
      mode: content2.toString("latin1", at, space).padStart(6, "0"),
      name: content2.toString("utf8", space + 1, nul),
      id: content2.toString("hex", nul + 1, nul + 1 + idBytes)
    });
    at = nul + 1 + idBytes;
  }
  return entries;
}
const typeOf = (mode) => mode === "040000" ? "tree" : mode === "160000" ? "commit" : "blob";
async function entriesAt(objects, commit, paths) {
  const wanted = new Set(paths);
  const dirs = /* @__PURE__ */ new Set();
  for (const path2 of wanted) {
    const parts = path2.split("/");
    for (let i = 1; i < parts.length; i++)
      dirs.add(parts.slice(0, i).join("/"));
  }
  const idBytes = commit.length / 2;
  const found = [];
  const walk2 = async (treeName, prefix) => {
    const tree = await objects.read(treeName);
    if (tree?.type !== "tree")
      throw new Error(`git: ${treeName} is not a tree in ${commit}`);
    const below = [];
    for (const { name, mode, id } of parseTree(tree.content, idBytes)) {
      const path2 = prefix === "" ? name : `${prefix}/${name}`;
      const type = typeOf(mode);
      if (wanted.has(path2))
        found.push({ path: path2, mode, type, id });
      if (type === "tree" && dirs.has(path2))
        below.push(walk2(id, path2));
    }
    await Promise.all(below);
  };
  if (wanted.size > 0)
    await walk2(`${commit}^{tree}`, "");
  return found;
}
;
const run = (0, external_node_util_namespaceObject.promisify)(external_node_child_process_namespaceObject.execFile);
const GIT_LINK = "160000";
const SYMLINK = "120000";
async function gitListing(root) {
  const inside = await run("git", ["-C", root, "rev-parse", "--is-inside-work-tree"]).catch(() => void 0);
  if (inside?.stdout.trim() !== "true")
    return void 0;
  const { stdout } = await run("git", ["-C", root, "ls-files", "-s", "-z"], { maxBuffer: 256 * 1024 * 1024 });
  const listed = /* @__PURE__ */ new Map();
  for (const record of stdout.split("\0").filter(Boolean)) {
    const [meta, path2] = [record.slice(0, record.indexOf("	")), record.slice(record.indexOf("	") + 1)];
    listed.set(path2, { path: path2, mode: meta.split(" ")[0] });
  }
  return [...listed.values()];
}
async function* tree_walk(root, dir = "") {
  for (const entry of await (0, external_node_fs_promises_namespaceObject.readdir)((0, external_node_path_namespaceObject.join)(root, dir), { withFileTypes: true })) {
    const path2 = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== ".git")
        yield* tree_walk(root, path2);
    } else if (entry.isFile() || entry.isSymbolicLink())
      yield { path: path2 };
  }
}
function insideTarget(path2, target) {
  if (external_node_path_namespaceObject.posix.isAbsolute(target))
    return void 0;
  const resolved = external_node_path_namespaceObject.posix.normalize(external_node_path_namespaceObject.posix.join(external_node_path_namespaceObject.posix.dirname(path2), target));
  return resolved === "." || resolved.startsWith("../") || resolved === ".." ? void 0 : resolved;
}
async function refuseLinkedDirectory(root, path2, checked) {
  const parts = path2.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join("/");
    if (checked.has(dir))
      continue;
    const info2 = await (0, external_node_fs_promises_namespaceObject.lstat)((0, external_node_path_namespaceObject.join)(root, dir)).catch(() => void 0);
    if (info2?.isSymbolicLink()) {
      const target = await (0, external_node_fs_promises_namespaceObject.readlink)((0, external_node_path_namespaceObject.join)(root, dir));
      throw new errors_InputError("workdir", `'${path2}' is tracked under '${dir}', which is a symbolic link to '${target}' on disk; the base tree is not read through links (restore '${dir}' as a directory, or commit it as a link)`);
    }
    checked.add(dir);
  }
}
async function readBaseTree(root, maxBytes, input) {
  const tracked2 = await gitListing(root);
  const listing = tracked2 ?? [];
  if (!tracked2)
    for await (const listed of tree_walk(root))
      listing.push(listed);
  const files = [];
  const skipped = [];
  const directories = /* @__PURE__ */ new Set();
  let bytes = 0;
  for (const { path: path2, mode } of listing.sort((a, b) => order_ascending(a.path, b.path))) {
    if (mode === GIT_LINK) {
      skipped.push(path2);
      continue;
    }
    const safe = checkRelativePath(path2);
    if (!safe.ok)
      throw new errors_InputError("workdir", `'${path2}' in the base tree ${safe.why}`);
    await refuseLinkedDirectory(root, path2, directories);
    const info2 = await (0, external_node_fs_promises_namespaceObject.lstat)((0, external_node_path_namespaceObject.join)(root, path2)).catch(() => void 0);
    if (!info2)
      continue;
    if (info2.isSymbolicLink() || mode === SYMLINK) {
      const target = await (0, external_node_fs_promises_namespaceObject.readlink)((0, external_node_path_namespaceObject.join)(root, path2));
      if (insideTarget(path2, target) === void 0) {
        throw new errors_InputError("workdir", `'${path2}' is a symbolic link to '${target}', outside the base tree; the sandbox gets no file of the host`);
      }
      files.push({ path: path2, content: "", linkTarget: target });
      continue;
    }
    if (!info2.isFile())
      continue;
    bytes += info2.size;
    if (bytes > maxBytes) {
      throw new errors_InputError(input, `the base tree under ${root} holds more than ${maxBytes} bytes (at ${path2}); narrow it with 'tests' or raise '${input}' and 'tmpfs-size'`);
    }
    const executable = mode === void 0 ? isExecutable(info2.mode) : mode === "100755";
    files.push({ path: path2, content: await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(root, path2)), ...executable && { executable } });
  }
  return { files, bytes, listedBy: tracked2 ? "git" : "walk", skipped };
}
async function readBlobs(root, ids) {
  const objects = new git_objects_GitObjects(root);
  try {
    return await Promise.all(ids.map((id) => readBlob(objects, id)));
  } finally {
    objects.close();
  }
}
async function readCommitTree(root, commit, maxBytes, input) {
  const { stdout } = await run("git", ["-C", root, "ls-tree", "-r", "-l", "-z", "--full-tree", commit], {
    maxBuffer: 256 * 1024 * 1024
  });
  const listed = [];
  const skipped = [];
  let bytes = 0;
  for (const record of stdout.split("\0").filter(Boolean)) {
    const tab = record.indexOf("	");
    const [mode, , id, size] = record.slice(0, tab).split(/ +/);
    const path2 = record.slice(tab + 1);
    if (mode === GIT_LINK) {
      skipped.push(path2);
      continue;
    }
    const safe = checkRelativePath(path2);
    if (!safe.ok)
      throw new errors_InputError(input === "max-tree-size" ? "base_commit" : input, `'${path2}' in ${commit} ${safe.why}`);
    bytes += mode === SYMLINK ? 0 : Number(size);
    if (bytes > maxBytes)
      throw new errors_InputError(input, `the tree of commit ${commit} holds more than ${maxBytes} bytes (at ${path2}); raise '${input}' and 'tmpfs-size'`);
    listed.push({ path: path2, mode, id });
  }
  const contents = await readBlobs(root, listed.map((entry) => entry.id));
  const files = [];
  listed.forEach(({ path: path2, mode }, i) => {
    if (mode === SYMLINK) {
      const target = contents[i].toString("utf8");
      if (insideTarget(path2, target) === void 0)
        throw new errors_InputError("base_commit", `'${path2}' in ${commit} is a symbolic link to '${target}', outside the base tree; the sandbox gets no file of the host`);
      files.push({ path: path2, content: "", linkTarget: target });
    } else
      files.push({ path: path2, content: contents[i], ...mode === "100755" && { executable: true } });
  });
  files.sort((a, b) => order_ascending(a.path, b.path));
  return { files, bytes, listedBy: "git", skipped };
}
;
async function isSymlink(root, path2) {
  const info2 = await (0, external_node_fs_promises_namespaceObject.lstat)((0, external_node_path_namespaceObject.join)(root, path2)).catch(() => void 0);
  return info2?.isSymbolicLink() ?? false;
}
function throughLink(paths, links) {
  const through = pathThroughSymlink(paths, (p) => links.has(p));
  return through ? { ok: false, reason: `path escapes the tree: "${through}" goes through a symbolic link in the checkout` } : void 0;
}
function prefixesOf(paths) {
  return new Set(paths.flatMap((p) => p.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
}
async function loadBaseTree(root, paths) {
  const links = /* @__PURE__ */ new Set();
  for (const prefix of prefixesOf(paths))
    if (await isSymlink(root, prefix))
      links.add(prefix);
  const refused = throughLink(paths, links);
  if (refused)
    return refused;
  const files = /* @__PURE__ */ new Map();
  const executable = /* @__PURE__ */ new Set();
  for (const path2 of paths) {
    const info2 = await (0, external_node_fs_promises_namespaceObject.lstat)((0, external_node_path_namespaceObject.join)(root, path2)).catch(() => void 0);
    if (!info2?.isFile())
      continue;
    files.set(path2, await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(root, path2)));
    if (isExecutable(info2.mode))
      executable.add(path2);
  }
  return { ok: true, files, executable };
}
function baseOfTree(tree, paths) {
  const links = new Set(tree.files.filter((file) => file.linkTarget !== void 0).map((file) => file.path));
  const refused = throughLink(paths, links);
  if (refused)
    return refused;
  const wanted = new Set(paths);
  const files = /* @__PURE__ */ new Map();
  const executable = /* @__PURE__ */ new Set();
  for (const file of tree.files) {
    if (!wanted.has(file.path) || file.linkTarget !== void 0)
      continue;
    files.set(file.path, typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content);
    if (file.executable)
      executable.add(file.path);
  }
  return { ok: true, files, executable };
}
async function loadCommitFiles(objects, commit, paths) {
  if (paths.length === 0)
    return { ok: true, files: /* @__PURE__ */ new Map(), executable: /* @__PURE__ */ new Set() };
  const entries = await entriesAt(objects, commit, prefixesOf(paths));
  const refused = throughLink(paths, new Set(entries.filter((e) => e.mode === "120000").map((e) => e.path)));
  if (refused)
    return refused;
  const wanted = new Set(paths);
  const blobs = entries.filter((e) => wanted.has(e.path) && e.type === "blob" && e.mode !== "120000");
  const contents = await Promise.all(blobs.map((e) => readBlob(objects, e.id, `${e.id} (${e.path} in ${commit})`)));
  return {
    ok: true,
    files: new Map(blobs.map((e, i) => [e.path, contents[i]])),
    executable: new Set(blobs.filter((e) => e.mode === "100755").map((e) => e.path))
  };
}
;
const OUTPUT_TAGS = /* @__PURE__ */ new Set(["text", "txt", "output", "console", "plaintext", "shell-session", "stdout"]);
const PATCH_TAGS = /* @__PURE__ */ new Set(["diff", "patch", "udiff"]);
const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;
function normalise(text) {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}
function tagOf(info2) {
  return info2.split(/[\s{,]/, 1)[0]?.toLowerCase() ?? "";
}
function isClosing(line, marker) {
  const match2 = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match2 !== null && match2[1][0] === marker[0] && match2[1].length >= marker.length;
}
function dedent(line, indent2) {
  const leading = /^ */.exec(line)[0].length;
  return line.slice(Math.min(leading, indent2));
}
function findFences(text) {
  const lines = text.split("\n");
  const fences = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]);
    if (!open)
      continue;
    const indent2 = open[1].length;
    const marker = open[2];
    const rawInfo = open[3];
    if (marker[0] === "`" && rawInfo.includes("`"))
      continue;
    const info2 = rawInfo.trim();
    let end = i + 1;
    while (end < lines.length && !isClosing(lines[end], marker))
      end++;
    fences.push({
      index: fences.length,
      info: info2,
      tag: tagOf(info2),
      startLine: i + 1,
      lines: lines.slice(i + 1, end).map((line) => dedent(line, indent2))
    });
    i = end;
  }
  return fences;
}
function looksLikeDiff(lines) {
  const text = lines.join("\n").trimStart();
  return text.startsWith("diff --git ") || /^--- \S.*\n\+\+\+ \S/.test(text);
}
function kindOf(fence2) {
  if (PATCH_TAGS.has(fence2.tag) || fence2.tag === "" && looksLikeDiff(fence2.lines))
    return "patch";
  if (OUTPUT_TAGS.has(fence2.tag))
    return "output";
  if (fence2.tag === "" || languageOfTag(fence2.info))
    return "code";
  return "foreign";
}
function extract_findPatchBlocks(reply) {
  return findFences(normalise(reply)).filter((fence2) => kindOf(fence2) === "patch").map((fence2) => `${fence2.lines.join("\n")}
`);
}
function trimBlank(lines, firstLine) {
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first < 0)
    return null;
  return { code: `${lines.slice(first).join("\n").trimEnd()}
`, firstLine: firstLine + first };
}
function looksLikeCode(text, language) {
  const patterns = language ? LANGUAGES[language].codeLines : LANGUAGE_NAMES.flatMap((name) => LANGUAGES[name].codeLines);
  return text.split("\n").some((line) => patterns.some((pattern) => pattern.test(line)));
}
function candidateOf(fence2) {
  const trimmed = trimBlank(fence2.lines, fence2.startLine + 1);
  return trimmed && { fence: fence2, language: languageOfTag(fence2.info) ?? null, ...trimmed };
}
function resolveLanguage(blocks) {
  return ranked(blocks.filter((block) => block.language !== null))[0]?.language ?? null;
}
function ranked(blocks) {
  return [...blocks].sort((a, b) => b.code.length - a.code.length || b.fence.index - a.fence.index);
}
function extracted(block) {
  return {
    code: block.code,
    block: { index: block.fence.index, tag: block.fence.tag, startLine: block.fence.startLine },
    firstLine: block.firstLine
  };
}
function describeFences(fences) {
  const describe2 = (fence2) => {
    const kind = kindOf(fence2);
    if (kind === "patch")
      return "diff";
    const tag = fence2.tag || "bare";
    return kind === "code" && !candidateOf(fence2) ? `empty ${tag}` : tag;
  };
  return [...new Set(fences.map(describe2))].join(", ");
}
function fromWholeReply(reply, language) {
  const trimmed = trimBlank(reply.split("\n"), 1);
  if (!trimmed)
    return { kind: "none", reason: "empty reply" };
  if (!looksLikeCode(trimmed.code, language)) {
    return { kind: "none", reason: `no fence and no line that looks like ${language ?? "code"}: prose only` };
  }
  return {
    kind: "code",
    ...trimmed,
    language,
    block: null,
    candidates: 0,
    fallbacks: [],
    reason: "no fence: the whole reply is the code"
  };
}
function extract_extractCode(reply, language) {
  const text = normalise(reply);
  const fences = findFences(text);
  const wanted = language === "auto" ? null : language;
  if (fences.length === 0)
    return fromWholeReply(text, wanted);
  const blocks = fences.filter((fence2) => kindOf(fence2) === "code").flatMap((fence2) => candidateOf(fence2) ?? []);
  const target = wanted ?? resolveLanguage(blocks);
  const eligible = blocks.filter((block) => block.language === null || block.language === target);
  if (eligible.length === 0) {
    return { kind: "none", reason: `no ${wanted ?? "code"} block among the fences (${describeFences(fences)})` };
  }
  const [chosen, ...others] = ranked(eligible);
  const name = target ?? "untagged";
  return {
    kind: "code",
    ...extracted(chosen),
    language: target,
    candidates: eligible.length,
    fallbacks: others.map(extracted),
    reason: eligible.length === 1 ? `only ${name} block` : `longest of ${eligible.length} ${name} blocks`
  };
}
;
const SHARED_TEST_FILES = ["**/tests/**", "**/test/**", "**/Tests/**", "**/spec/**", "**/*.test.*", "**/*.spec.*"];
function languagesGlobs(kind) {
  return [...new Set(LANGUAGE_LIST.flatMap((language) => kind(language.protect)))];
}
const TEST_FILES = "a test file the base has";
function defaultRules() {
  const sections = [...new Set(LANGUAGE_LIST.flatMap((language) => language.protect.sections))];
  const rules = [
    {
      what: TEST_FILES,
      scope: "existing",
      globs: [...SHARED_TEST_FILES, ...languagesGlobs((g) => g.tests)]
    },
    {
      what: "a file the test runner loads before the tests",
      scope: "always",
      globs: languagesGlobs((g) => g.preloaded)
    },
    { what: "an import hook", scope: "always", globs: languagesGlobs((g) => g.importHooks) },
    { what: "the test runner itself", scope: "always", globs: languagesGlobs((g) => g.runner) },
    { what: "the test runner's configuration", scope: "always", globs: languagesGlobs((g) => g.config) },
    { what: "a workflow file", scope: "always", globs: [".github/**"] },
    ...sections.map(({ glob, what, relevant }) => ({ what, scope: "section", globs: [glob], relevant }))
  ];
  return rules.filter((rule) => rule.globs.length > 0);
}
const DEFAULT_RULES = defaultRules();
const TEST_FILE_MATCHERS = DEFAULT_RULES.find((rule) => rule.what === TEST_FILES).globs.map(globMatcher);
const testFileMemo = /* @__PURE__ */ new Map();
const TEST_FILE_MEMO_MAX = 2e5;
function protect_isTestFile(path2) {
  let known = testFileMemo.get(path2);
  if (known === void 0) {
    known = TEST_FILE_MATCHERS.some((m) => m.match(path2));
    if (testFileMemo.size >= TEST_FILE_MEMO_MAX)
      testFileMemo.clear();
    testFileMemo.set(path2, known);
  }
  return known;
}
const COMPILED_RULE = {
  what: "compiled code, which runs in place of its source",
  scope: "always",
  globs: languagesGlobs((g) => g.compiled)
};
const SHADOW_RULES = LANGUAGE_LIST.flatMap(({ protect: { shadowing: shadowing2 } }) => shadowing2 ? [{ ...shadowing2, names: new Set(shadowing2.names) }] : []);
function shadowed(path2, inTree) {
  for (const rule of SHADOW_RULES) {
    const module2 = rule.moduleOf(path2);
    if (!module2)
      continue;
    const { dir, name } = module2;
    if (!rule.names.has(name) && !rule.prefixes.some((prefix) => name.startsWith(prefix)))
      continue;
    if (dir !== "" && inTree(`${dir}/${rule.packageMarker}`))
      continue;
    return `a new module named as one the runner or the tests import (\`${name}\`), which would be imported in its place`;
  }
  return void 0;
}
const CONFIG_LOADS = LANGUAGE_LIST.flatMap((language) => language.protect.loadedByConfig ?? []);
const LOADED_BY_CONFIG = "a file the test runner's configuration loads before the tests";
function loadedByConfig(base) {
  const named = /* @__PURE__ */ new Set();
  for (const { config, named: read } of CONFIG_LOADS) {
    const content2 = base.get(config);
    if (content2 === void 0)
      continue;
    for (const path2 of read(asText(content2))) {
      if (path2 === "" || path2.startsWith("/"))
        continue;
      const resolved = checkRelativePath(external_node_path_namespaceObject.posix.normalize(external_node_path_namespaceObject.posix.join(external_node_path_namespaceObject.posix.dirname(config), path2)));
      if (resolved.ok)
        named.add(resolved.path);
    }
  }
  return named;
}
function compileProtect(setting, tests = []) {
  const rules = [];
  if (setting.globs.length > 0)
    rules.push({ what: "a file `protect` names", scope: "always", globs: setting.globs });
  if (!protectionOff(setting))
    rules.push(COMPILED_RULE);
  if (setting.defaults) {
    rules.push(...DEFAULT_RULES);
    const testsGlobs = tests.filter((glob) => !glob.startsWith("!"));
    if (testsGlobs.length > 0)
      rules.push({ what: "a file `tests` names", scope: "existing", globs: testsGlobs });
  }
  return {
    off: protectionOff(setting),
    rules: rules.map(({ globs, ...rule }) => ({ ...rule, matchers: globs.map(globMatcher) })),
    except: setting.except.map(globMatcher),
    treeRules: setting.defaults
  };
}
const decoder = new TextDecoder();
const asText = (content2) => typeof content2 === "string" ? content2 : decoder.decode(content2);
function sameContent(a, b) {
  if (typeof a === "string" && typeof b === "string")
    return a === b;
  const [x, y] = [typeof a === "string" ? Buffer.from(a) : a, typeof b === "string" ? Buffer.from(b) : b];
  return Buffer.compare(x, y) === 0;
}
function changeOf(before, after) {
  if (before === void 0)
    return after === null ? void 0 : "added";
  if (after === null)
    return "deleted";
  return sameContent(before, after) ? void 0 : "changed";
}
function protecting(rules, path2, before, after) {
  return rules.rules.find((rule) => {
    if (!rule.matchers.some((m) => m.match(path2)))
      return false;
    if (rule.scope === "existing")
      return before !== void 0;
    if (rule.scope === "always")
      return true;
    const relevant = (content2) => content2 == null ? "" : rule.relevant(asText(content2));
    return relevant(before) !== relevant(after);
  });
}
function findProtected(rules, base, changes) {
  const files = [];
  if (rules.off)
    return { protected: [], files };
  const sorted = [...changes].sort(([a], [b]) => order_ascending(a, b));
  const named = rules.treeRules ? loadedByConfig(base) : /* @__PURE__ */ new Set();
  const unnamed = [];
  for (const [path2, after] of sorted) {
    const before = base.get(path2);
    const change = changeOf(before, after);
    if (!change || rules.except.some((m) => m.match(path2)))
      continue;
    const what = protecting(rules, path2, before, after)?.what ?? (named.has(path2) ? LOADED_BY_CONFIG : void 0);
    if (what)
      files.push({ path: path2, change, what, restore: before ?? null });
    else if (change === "added")
      unnamed.push([path2, after]);
  }
  if (rules.treeRules && unnamed.length > 0) {
    const undone = new Set(files.map((file) => file.path));
    const inTree = (path2) => changes.has(path2) && !undone.has(path2) ? changes.get(path2) !== null : base.get(path2) !== void 0;
    for (const [path2] of unnamed) {
      const what = shadowed(path2, inTree);
      if (what)
        files.push({ path: path2, change: "added", what, restore: null });
    }
    files.sort((a, b) => order_ascending(a.path, b.path));
  }
  return { protected: files.map((file) => file.path), files };
}
function protectPaths(protection, paths, what, base, changes) {
  const seen = new Set(protection.protected);
  const files = [...protection.files];
  for (const [path2, after] of changes) {
    if (!paths.has(path2) || seen.has(path2))
      continue;
    const before = base.get(path2);
    const change = changeOf(before, after);
    if (change)
      files.push({ path: path2, change, what, restore: before ?? null });
  }
  files.sort((a, b) => order_ascending(a.path, b.path));
  return { protected: files.map((file) => file.path), files };
}
function unprotectedChanges(changes, protection) {
  const dropped = new Set(protection.protected);
  return new Map([...changes].filter(([path2]) => !dropped.has(path2)));
}
;
const MAX_LITERAL = 4e3;
const STRING_START = /^(?:[rRbBuUfF]{0,2})(['"`])/;
const NUMBER = /^-?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![\w.])/;
function callsOrIndexes(raw, at) {
  let k = at - 1;
  while (k >= 0 && (raw[k] === " " || raw[k] === "	"))
    k--;
  return k >= 0 && /[\w)\]]/.test(raw[k]);
}
function literalAt(raw, at, depth = 0) {
  const c = raw[at];
  if (c === void 0 || depth > 4)
    return void 0;
  if (c === "[" || c === "(")
    return depth === 0 && callsOrIndexes(raw, at) ? void 0 : sequenceAt(raw, at, depth);
  if (/[-\d.]/.test(c)) {
    if (at > 0 && /[\w.]/.test(raw[at - 1]))
      return void 0;
    const m = NUMBER.exec(raw.slice(at, at + 64));
    if (!m)
      return void 0;
    const value = Number(m[0].replace(/_/g, ""));
    return Number.isFinite(value) ? { norm: `n:${value}`, start: at, end: at + m[0].length } : void 0;
  }
  const head = STRING_START.exec(raw.slice(at, at + 4));
  if (!head || at > 0 && /\w/.test(raw[at - 1]))
    return void 0;
  return stringAt(raw, at, at + head[0].length - 1);
}
function stringAt(raw, at, open) {
  const q = raw[open];
  const triple = q !== "`" && raw.startsWith(q.repeat(3), open);
  const quote2 = triple ? q.repeat(3) : q;
  let k = open + quote2.length;
  const limit = Math.min(raw.length, open + MAX_LITERAL);
  while (k < limit && !raw.startsWith(quote2, k)) {
    if (!triple && q !== "`" && raw[k] === "\n")
      return void 0;
    k += raw[k] === "\\" ? 2 : 1;
  }
  if (k >= limit)
    return void 0;
  return { norm: `s:${raw.slice(open + quote2.length, k)}`, start: at, end: k + quote2.length };
}
function sequenceAt(raw, at, depth) {
  const close = raw[at] === "[" ? "]" : ")";
  const parts = [];
  let k = at + 1;
  const limit = Math.min(raw.length, at + MAX_LITERAL);
  const skip = () => {
    while (k < limit && /\s/.test(raw[k]))
      k++;
  };
  for (; ; ) {
    skip();
    if (raw[k] === close)
      break;
    const element = literalAt(raw, k, depth + 1);
    if (!element)
      return void 0;
    parts.push(element.norm);
    k = element.end;
    skip();
    if (raw[k] === ",")
      k++;
    else if (raw[k] !== close)
      return void 0;
  }
  if (close === ")" && parts.length === 1 && !/,\s*\)$/.test(raw.slice(at, k + 1)))
    return void 0;
  return { norm: `l:[${parts.join(",")}]`, start: at, end: k + 1 };
}
function literalsIn(raw, from = 0, to = raw.length, nested = true) {
  const found = [];
  let k = from;
  while (k < to) {
    const c = raw[k];
    if (!/['"`\d.\-[(rRbBuUfF]/.test(c)) {
      k++;
      continue;
    }
    const literal = literalAt(raw, k);
    if (literal && literal.end <= to) {
      found.push(literal);
      k = nested && literal.norm.startsWith("l:") ? k + 1 : literal.end;
    } else
      k++;
  }
  return found;
}
function shownLiteral(norm) {
  const body = norm.slice(2);
  const shown2 = norm.startsWith("s:") ? `'${body}'` : norm.startsWith("l:") ? body.replace(/[nsl]:/g, "") : body;
  return shown2.length > 40 ? `${shown2.slice(0, 37)}\u2026` : shown2;
}
function isTrivial(norm) {
  const body = norm.slice(2);
  if (norm.startsWith("n:"))
    return Number.isInteger(Number(body)) && Math.abs(Number(body)) < 10;
  if (norm.startsWith("s:"))
    return body.trim().length < 2;
  const inner = body.slice(1, -1);
  return inner === "" || !inner.includes(",") && isTrivial(inner);
}
function isDistinctive(norm) {
  const body = norm.slice(2);
  if (norm.startsWith("l:"))
    return true;
  if (norm.startsWith("s:"))
    return body.trim().length >= 4;
  const value = Number(body);
  return !Number.isInteger(value) || Math.abs(value) >= 10 && value % 10 !== 0;
}
function shownLiterals(text) {
  const set = /* @__PURE__ */ new Set();
  for (const l of literalsIn(text)) {
    set.add(l.norm);
    if (l.norm.startsWith("s:") && l.end - l.start > 8)
      for (const inner of literalsIn(text, l.start + 1, l.end - 1))
        set.add(inner.norm);
  }
  return set;
}
function showsWord(text, word) {
  if (word.length < 2)
    return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + word.length] ?? " ";
    if (!(/\w/.test(word[0]) && /\w/.test(before)) && !(/\w/.test(word.at(-1)) && /\w/.test(after)))
      return true;
  }
  return false;
}
;
const MUTABLE_DEFAULT = /^\s*(?:\[\s*\]|\{\s*\}|(?:set|dict|list|(?:collections\.)?(?:defaultdict|Counter|deque))\(.*\))\s*$/;
function parameters(signature) {
  const params = /* @__PURE__ */ new Set();
  const mutableDefaults = /* @__PURE__ */ new Set();
  let depth = 0;
  let part = "";
  const take = () => {
    const [, name, rest] = /^\s*\**\s*(\w+)\s*(?::[^=]*)?(?:=(.*))?$/s.exec(part) ?? [];
    if (name)
      params.add(name);
    if (name && rest !== void 0 && MUTABLE_DEFAULT.test(rest))
      mutableDefaults.add(name);
    part = "";
  };
  for (const c of signature) {
    if ("([{".includes(c))
      depth++;
    else if (")]}".includes(c))
      depth--;
    if (c === "," && depth === 0)
      take();
    else
      part += c;
  }
  take();
  return { params, mutableDefaults };
}
function depthChange(line) {
  let d = 0;
  for (const c of line)
    d += "([{".includes(c) ? 1 : ")]}".includes(c) ? -1 : 0;
  return d;
}
function pythonBlocks(masked, raw) {
  const lines = masked.split("\n");
  const rawLines = raw.split("\n");
  const statementOf = new Int32Array(lines.length).fill(-1);
  const statements = [];
  const functions = [];
  const stack = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "" || /^\s*['"]+\s*$/.test(line)) {
      i++;
      continue;
    }
    let last = i;
    let depth = depthChange(line);
    while (last + 1 < lines.length && (depth > 0 || /\\\s*$/.test(lines[last])))
      depth += depthChange(lines[++last]);
    const indent2 = line.length - line.trimStart().length;
    while (stack.length > 0 && stack.at(-1).indent >= indent2) {
      const closed = stack.pop();
      if (closed.fn)
        closed.fn.end = i - 1;
    }
    const fn = [...stack].reverse().find((o) => o.kind === "def")?.fn;
    const main = stack.some((o) => o.kind === "main");
    const top = !stack.some((o) => o.kind !== "main");
    statements.push({ first: i, last, indent: indent2, ...fn && { fn }, main, top });
    for (let k = i; k <= last; k++)
      statementOf[k] = statements.length - 1;
    opened(lines.slice(i, last + 1).join("\n"), rawLines[i], indent2, i, fn, stack, functions);
    i = last + 1;
  }
  for (const o of stack)
    if (o.fn)
      o.fn.end = lines.length - 1;
  return { statements, statementOf, functions };
}
function opened(text, rawFirst, indent2, line, parent, stack, functions) {
  const def = /^\s*(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
  if (def) {
    const open = def[0].length;
    let depth = 1;
    let k = open;
    for (; k < text.length && depth > 0; k++)
      depth += text[k] === "(" ? 1 : text[k] === ")" ? -1 : 0;
    const fn = { name: def[1], ...parameters(text.slice(open, k - 1)), start: line, end: line };
    if (parent)
      fn.parent = parent;
    functions.push(fn);
    stack.push({ indent: indent2, kind: "def", fn });
  } else if (/^\s*class\s+\w+/.test(text))
    stack.push({ indent: indent2, kind: "class" });
  else if (/^\s*if\s+__name__\s*==\s*(['"])__main__\1\s*:/.test(rawFirst))
    stack.push({ indent: indent2, kind: "main" });
}
;
function lineIndex(source) {
  const starts = [0];
  for (let k = 0; k < source.length; k++)
    if (source.charCodeAt(k) === 10)
      starts.push(k + 1);
  return (offset) => {
    let lo2 = 0;
    let hi2 = starts.length - 1;
    while (lo2 < hi2) {
      const mid = lo2 + hi2 + 1 >> 1;
      if (starts[mid] <= offset)
        lo2 = mid;
      else
        hi2 = mid - 1;
    }
    return lo2 + 1;
  };
}
function pythonCheats(raw, masked, path2, resolve2, context, base) {
  const lineOf2 = lineIndex(raw);
  const lineStarts = [0];
  for (let k = 0; k < raw.length; k++)
    if (raw.charCodeAt(k) === 10)
      lineStarts.push(k + 1);
  const file = { raw, masked, path: path2, lineOf: lineOf2, blocks: pythonBlocks(masked, raw), lineStarts, resolve: resolve2 };
  const found = [
    ...earlyExits(file),
    ...frameReads(file),
    ...testFileReads(file, context.testPaths),
    ...callState(file),
    ...hardCoded(file, context, base)
  ];
  const seen = /* @__PURE__ */ new Set();
  return found.filter((t) => !seen.has(`${t.line}
${t.what}`) && seen.add(`${t.line}
${t.what}`));
}
const statementAt = (file, offset) => file.blocks.statements[file.blocks.statementOf[file.lineOf(offset) - 1] ?? -1];
const statementText = (file, s) => file.masked.slice(file.lineStarts[s.first], file.lineStarts[s.last + 1] ?? file.masked.length);
const ENTRY_POINT = /^_*(?:main|cli|run|entry_?point|console_?main|\w+_main|main_\w+|run_\w+|cli_\w+)$/;
const PY_EXIT_CALLS = /* @__PURE__ */ new Set(["sys.exit", "os._exit", "builtins.exit", "builtins.quit"]);
function exitsZero(argument) {
  const a = argument.trim();
  if (a === "" || /^(?:0|None|False)$/.test(a))
    return true;
  return !/^(?:[1-9]\d*|-\d+|[rRbBuUfF]*(['"]).*\1)$/s.test(a);
}
function argumentAt(masked, open) {
  let depth = 0;
  for (let k = open; k < masked.length && k < open + 2e3; k++) {
    if (masked[k] === "(")
      depth++;
    else if (masked[k] === ")" && --depth === 0)
      return masked.slice(open + 1, k);
  }
  return void 0;
}
function calledFromMain(file) {
  const names = /* @__PURE__ */ new Set();
  for (const s of file.blocks.statements)
    if (s.main)
      for (const m of statementText(file, s).matchAll(/(?<![\w.])(\w+)\s*\(/g))
        names.add(m[1]);
  return names;
}
const isEntryPoint = (fn, fromMain) => fn !== void 0 && (ENTRY_POINT.test(fn.name) || fromMain.has(fn.name) || isEntryPoint(fn.parent, fromMain));
function earlyExits(file) {
  const found = [];
  let fromMain;
  const defined = new Set(file.blocks.functions.map((f) => f.name));
  const check = (offset, name, argument) => {
    const s = statementAt(file, offset);
    if (!s?.fn || s.main || argument === void 0 || !exitsZero(argument))
      return;
    fromMain ??= calledFromMain(file);
    if (isEntryPoint(s.fn, fromMain))
      return;
    found.push({
      file: file.path,
      line: file.lineOf(offset),
      what: `calls ${name} inside ${s.fn.name}(): the test program can end before its tests do, with a passing exit code`
    });
  };
  for (const m of file.masked.matchAll(/(?<![\w.])([A-Za-z_]\w*(?:[ \t]*\.[ \t]*\w+)?)[ \t]*\(/g)) {
    const dotted = m[1].replace(/\s+/g, "");
    if (!/(?:^|\.)(?:exit|_exit|quit)$/.test(dotted))
      continue;
    const resolved = file.resolve(dotted) ?? (/^(?:exit|quit)$/.test(dotted) && !defined.has(dotted) ? dotted : "");
    if (!PY_EXIT_CALLS.has(resolved) && resolved !== "exit" && resolved !== "quit")
      continue;
    check(m.index, resolved, argumentAt(file.masked, m.index + m[0].length - 1));
  }
  for (const m of file.masked.matchAll(/\braise[ \t]+SystemExit\b([ \t]*\()?/g))
    check(m.index, "raise SystemExit", m[1] ? argumentAt(file.masked, m.index + m[0].length - 1) : "");
  return found;
}
const PY_FRAME_READS = /* @__PURE__ */ new Map([
  ["sys._getframe", "the caller's frame"],
  ["inspect.stack", "the caller's frame"],
  ["inspect.currentframe", "the caller's frame"],
  ["inspect.getouterframes", "the caller's frame"],
  ["inspect.getframeinfo", "the caller's frame"],
  ["inspect.trace", "the caller's frame"],
  ["traceback.extract_stack", "the caller's frame"],
  ["traceback.walk_stack", "the caller's frame"],
  ["traceback.format_stack", "the caller's frame"],
  ["inspect.getsource", "the calling code's source"],
  ["inspect.getsourcelines", "the calling code's source"],
  ["inspect.findsource", "the calling code's source"],
  ["linecache.getline", "the calling code's source"],
  ["linecache.getlines", "the calling code's source"],
  ["gc.get_objects", "the interpreter's objects, the test's among them"],
  ["gc.get_referrers", "the interpreter's objects, the test's among them"]
]);
const functionText = (file, fn) => file.raw.slice(file.lineStarts[fn.start], file.lineStarts[fn.end + 1] ?? file.raw.length);
const MODULE_NAME_READ = /['"]__(?:name|package|spec)__['"]|\.__(?:package|spec)__\b/;
const CONTENT_READ = /\b(?:f_locals|code_context|getsource\w*|findsource|get_objects|get_referrers|linecache|__file__|__dict__|f_lineno)\b/;
function readsOnlyModuleName(file, fn) {
  if (!fn)
    return false;
  const body = functionText(file, fn);
  return MODULE_NAME_READ.test(body) && !CONTENT_READ.test(body);
}
function frameReads(file) {
  return callerReads(file).filter((t) => !readsOnlyModuleName(file, statementAt(file, file.lineStarts[t.line - 1])?.fn));
}
function callerReads(file) {
  const found = [];
  const add = (offset, what) => found.push({ file: file.path, line: file.lineOf(offset), what: `${what}: an answer can be read off the test` });
  for (const m of file.masked.matchAll(/(?<![\w.])([A-Za-z_]\w*(?:[ \t]*\.[ \t]*\w+)*)/g)) {
    if (/^[ \t]*(?:from|import)\b/.test(file.masked.slice(file.lineStarts[file.lineOf(m.index) - 1], m.index)))
      continue;
    const resolved = file.resolve(m[1].replace(/\s+/g, ""));
    const read = resolved === void 0 ? void 0 : PY_FRAME_READS.get(resolved);
    if (read)
      add(m.index, `reads ${read} (${resolved})`);
  }
  for (const m of file.masked.matchAll(/\.\s*(f_back|f_locals|f_globals|code_context)\b/g))
    add(m.index, `reads the caller's frame (.${m[1]})`);
  for (const m of file.masked.matchAll(/^[ \t]*(?:import[ \t]+__main__\b|from[ \t]+__main__[ \t]+import\b)/gm))
    add(m.index, "reads the __main__ module (the test program)");
  for (const m of file.masked.matchAll(/(?<![\w.])sys\s*\.\s*modules\s*(?:\[|\.\s*get\s*\()\s*(?=['"])/g))
    if (/^['"]__main__['"]/.test(file.raw.slice(m.index + m[0].length)))
      add(m.index, "reads the __main__ module (the test program)");
  return found;
}
const basename = (path2) => path2.slice(path2.lastIndexOf("/") + 1);
function namesTest(literal, testPaths) {
  const name = basename(literal);
  return testPaths.some((p) => literal === p || literal.endsWith(`/${p}`) || /test/i.test(name) && basename(p) === name);
}
function testFileReads(file, testPaths) {
  const found = [];
  for (const s of file.blocks.statements) {
    const text = statementText(file, s);
    if (!/(?<![\w])(?:open|Path|read_text|read_bytes|getlines?|readFileSync)\s*\(/.test(text))
      continue;
    const from = file.lineStarts[s.first];
    const strings = literalsIn(file.raw, from, from + text.length, false).filter((l) => l.norm.startsWith("s:"));
    const named = strings.find((l) => namesTest(l.norm.slice(2), testPaths));
    const derived = /\b__file__\b/.test(text) && strings.find((l) => /test/i.test(l.norm));
    const hit = named || derived;
    if (hit)
      found.push({
        file: file.path,
        line: file.lineOf(hit.start),
        what: `reads a test file (${shownLiteral(hit.norm)}): the expected answers are in it`
      });
  }
  return found;
}
function moduleNames(file) {
  const names = /* @__PURE__ */ new Map();
  for (const s of file.blocks.statements) {
    if (!s.top)
      continue;
    const m = /^\s*([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)\s*(.*)/s.exec(statementText(file, s));
    if (m)
      names.set(m[1], m[2].trim());
  }
  return names;
}
const tamper_cheats_escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function countsIn(text, state, globals) {
  const counts = [];
  const root = (expr) => /^\w+/.exec(expr)[0];
  const ok = (expr) => state(root(expr)) && (expr !== root(expr) || globals.has(expr));
  const aug = /^\s*([A-Za-z_]\w*(?:\s*\[[^\]\n]*\]|\s*\.\s*\w+)*)\s*(?:\+=|-=)/.exec(text);
  const plain = /^\s*([A-Za-z_]\w*(?:\s*\[[^\]\n]*\]|\s*\.\s*\w+)*)\s*=(?!=)\s*(.*)$/s.exec(text);
  const compact = (s) => s.replace(/\s+/g, "");
  if (aug && ok(compact(aug[1])))
    counts.push(compact(aug[1]));
  else if (plain) {
    const target = compact(plain[1]);
    const value = compact(plain[2]);
    if (ok(target) && (value.startsWith(`${target}+`) || new RegExp(`^${tamper_cheats_escape(root(target))}\\.get\\(.*\\)\\+`).test(value)))
      counts.push(target);
  }
  for (const m of text.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\.\s*(?:append|add)\s*\(/g))
    if (state(m[1]))
      counts.push(`len(${m[1]})`);
  for (const m of text.matchAll(/(?<![\w.])next\s*\(\s*([A-Za-z_]\w*)\s*\)/g))
    if (state(m[1]))
      counts.push(`next(${m[1]})`);
  return counts;
}
function branchesOn(text, expr) {
  const compact = text.replace(/\s+/g, " ");
  const spaced = [...expr].map(tamper_cheats_escape).join("\\s*");
  const at = new RegExp(`(?<![\\w.])${spaced}(?![\\w(])`).exec(compact)?.index;
  if (at === void 0)
    return false;
  if (/^\s*(?:if|elif|while|match)\b/.test(text))
    return true;
  if (/\bif\b[^\n]*\belse\b/.test(text))
    return true;
  let depth = 0;
  for (const c of compact.slice(0, at))
    depth += c === "[" ? 1 : c === "]" ? -1 : 0;
  return depth > 0;
}
function callState(file) {
  const found = [];
  const module2 = moduleNames(file);
  const byFn = /* @__PURE__ */ new Map();
  for (const s of file.blocks.statements)
    if (s.fn) {
      const own = byFn.get(s.fn);
      if (own)
        own.push(s);
      else
        byFn.set(s.fn, [s]);
    }
  for (const [fn, statements] of byFn) {
    const texts = statements.map((s) => statementText(file, s));
    const globals = new Set(texts.flatMap((t) => /^\s*global\s+([\w\s,]+)/.exec(t)?.[1].split(",").map((n) => n.trim()) ?? []));
    const counter = (name) => module2.has(name) && /count\s*\(/.test(module2.get(name));
    const state = (name) => fn.mutableDefaults.has(name) || name === fn.name || module2.has(name) && !fn.params.has(name);
    const reported = /* @__PURE__ */ new Set();
    texts.forEach((text, i) => {
      for (const expr of countsIn(text, state, globals)) {
        if (reported.has(expr) || expr.startsWith("next(") && !counter(expr.slice(5, -1)))
          continue;
        const branch = texts.findIndex((t, k) => k !== i && !/^\s*global\b/.test(t) && branchesOn(t, expr));
        const same = expr.startsWith("next(") && branchesOn(text, expr);
        if (branch < 0 && !same)
          continue;
        reported.add(expr);
        found.push({
          file: file.path,
          line: statements[i].first + 1,
          what: `counts its calls in ${expr} and ${fn.name}() answers by the count: equal arguments can get different answers`
        });
      }
    });
  }
  return found;
}
function literalSet(text) {
  return new Set(literalsIn(text).map((l) => l.norm));
}
function hardCoded(file, context, base) {
  const found = [];
  let tests;
  let inBase;
  for (const s of file.blocks.statements) {
    if (s.main || !s.fn && !(s.top && /^\s*[A-Za-z_][\w.]*\s*(?::[^=\n]*)?=(?!=)/.test(statementText(file, s))))
      continue;
    const text = statementText(file, s);
    const from = file.lineStarts[s.first];
    const literals = literalsIn(file.raw, from, from + text.length).filter((l) => file.masked[l.start] === file.raw[l.start] && !isTrivial(l.norm));
    if (literals.length === 0)
      continue;
    tests ??= context.testLiterals();
    if (tests.size === 0)
      return found;
    const matched = literals.filter((l) => tests.has(l.norm));
    if (matched.length === 0)
      continue;
    inBase ??= literalSet(base ?? "");
    const copied = dedupe(matched.filter((l) => !inBase.has(l.norm) && !context.shown(l.norm)));
    const finding = specialCase(file, s, text, copied, tests);
    if (finding)
      found.push(finding);
  }
  return found;
}
function dedupe(literals) {
  const seen = /* @__PURE__ */ new Set();
  return literals.filter((l) => !seen.has(l.norm) && seen.add(l.norm));
}
function specialCase(file, s, text, copied, tests) {
  if (copied.length === 0)
    return void 0;
  const where = tests.get(copied[0].norm);
  const shown2 = copied.slice(0, 4).map((l) => shownLiteral(l.norm)).join(", ");
  const cite = `(asserted at ${where.file}:${where.line})`;
  const line = file.lineOf(copied[0].start);
  if (copied.length >= 2 && copied.some((l) => isDistinctive(l.norm)))
    return {
      file: file.path,
      line,
      what: `holds the tests' own literals ${shown2}${copied.length > 4 ? ", \u2026" : ""} ${cite}: answers written for the test, not the task`
    };
  const input = copied.find((l) => tests.get(l.norm).role === "input");
  if (!input || !/==|!=|(?<![\w])(?:not\s+)?in(?![\w])|\bis\b/.test(text))
    return void 0;
  const params = /* @__PURE__ */ new Set();
  for (let fn = s.fn; fn; fn = fn.parent)
    for (const p of fn.params)
      if (p !== "self" && p !== "cls")
        params.add(p);
  const param = [...params].find((p) => new RegExp(`(?<![\\w.])${tamper_cheats_escape(p)}(?!\\w)`).test(text));
  if (!param)
    return void 0;
  return {
    file: file.path,
    line,
    what: `compares the argument ${param} with ${shownLiteral(input.norm)}, an input of the tests' own asserts ${cite}: an answer written for the test, not the task`
  };
}
const ASSERTS = /^[ \t]*(?:assert\b|@(?:pytest\.mark\.)?parametrize\b)|(?<![\w])(?:self\.)?assert[A-Z_]\w*[ \t]*\(/gm;
function statementEnd(masked, at) {
  let depth = 0;
  for (let k = at; k < masked.length; k++) {
    const c = masked[k];
    if ("([{".includes(c))
      depth++;
    else if (")]}".includes(c))
      depth--;
    else if (c === "\n" && depth <= 0 && masked[k - 1] !== "\\")
      return k;
  }
  return masked.length;
}
function assertLiterals(path2, raw, masked, into = /* @__PURE__ */ new Map()) {
  const lineOf2 = lineIndex(raw);
  for (const m of masked.matchAll(ASSERTS)) {
    const start = m.index;
    const end = statementEnd(masked, start);
    const table2 = m[0].includes("parametrize");
    const split = table2 ? end : answerAt(masked, start + m[0].length, end, m[0].trim() === "assert");
    for (const l of literalsIn(raw, start + m[0].length, end, table2)) {
      if (masked[l.start] !== raw[l.start] || isTrivial(l.norm))
        continue;
      const role = l.start < split ? "input" : "expected";
      const known = into.get(l.norm);
      if (!known || known.role === "expected" && role === "input")
        into.set(l.norm, { file: path2, line: lineOf2(l.start), role });
    }
  }
  return into;
}
function answerAt(masked, from, end, statement) {
  let depth = 0;
  for (let k = from; k < end; k++) {
    const c = masked[k];
    if ("([{".includes(c))
      depth++;
    else if (")]}".includes(c))
      depth--;
    else if (statement && depth === 0 && masked.startsWith("==", k))
      return k;
    else if (!statement && depth === 0 && c === ",")
      return k;
  }
  return end;
}
const JS_ENTRY_GUARD = /if\s*\(\s*(?:require\s*\.\s*main\s*===?\s*module|module\s*===?\s*require\s*\.\s*main|import\s*\.\s*meta\s*\.\s*main)\s*\)\s*$/;
const JS_KEYWORDS = /* @__PURE__ */ new Set(["if", "for", "while", "switch", "catch", "with", "return", "function"]);
function braceKind(before) {
  if (JS_ENTRY_GUARD.test(before))
    return { kind: "main" };
  const arrow = /(?:([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^={};]*)?=>\s*$/.exec(before);
  if (arrow)
    return { kind: "fn", ...arrow[1] && { name: arrow[1] } };
  const fn = /\bfunction\b\s*\*?\s*([A-Za-z_$][\w$]*)?\s*\([^()]*\)\s*(?::[^{};]*)?$/.exec(before);
  if (fn)
    return { kind: "fn", ...fn[1] && { name: fn[1] } };
  const method = /(?:^|[\s;{}(,])([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*(?::[^{};=]*)?$/.exec(before);
  if (method && !JS_KEYWORDS.has(method[1]))
    return { kind: "fn", name: method[1] };
  return { kind: "block" };
}
function javascriptCheats(raw, masked, path2, testPaths) {
  const lineOf2 = lineIndex(raw);
  const found = [];
  const add = (offset, what) => found.push({ file: path2, line: lineOf2(offset), what });
  const exits = [...masked.matchAll(/(?<![\w$.])process\s*\.\s*(exit|reallyExit)\s*\(/g)].filter((m) => exitsZero(argumentAt(masked, m.index + m[0].length - 1) ?? "1"));
  if (exits.length > 0) {
    const stack = [];
    let next = 0;
    for (let k = 0; k < masked.length && next < exits.length; k++) {
      while (next < exits.length && exits[next].index === k) {
        const fn = [...stack].reverse().find((b) => b.kind === "fn");
        const entry = stack.some((b) => b.kind === "main" || b.kind === "fn" && ENTRY_POINT.test(b.name ?? ""));
        if (fn && !entry)
          add(k, `calls process.${exits[next][1]} inside ${fn.name ? `${fn.name}()` : "a function"}: the test program can end before its tests do, with a passing exit code`);
        next++;
      }
      if (masked[k] === "{")
        stack.push(braceKind(masked.slice(Math.max(0, k - 200), k)));
      else if (masked[k] === "}")
        stack.pop();
    }
  }
  for (const m of masked.matchAll(/(?<![\w$.])(?:(?:new\s+)?Error\s*\([^()]*\)\s*\.\s*stack\b|Error\s*\.\s*(?:captureStackTrace|prepareStackTrace)\b)/g))
    add(m.index, `reads the caller's stack (${m[0].replace(/\s+/g, " ").replace(/\s*\(.*\)\s*/, "()").replace(/ ?\. ?/g, ".")}): an answer can be read off the test`);
  for (const m of masked.matchAll(/(?<![\w$.])(?:require\s*\(|from\s*|import\s*\(?)\s*(?=['"])/g))
    if (/^['"]callsites['"]/.test(raw.slice(m.index + m[0].length)))
      add(m.index, "reads the caller's stack (callsites): an answer can be read off the test");
  for (const m of masked.matchAll(/(?<![\w$])readFile(?:Sync)?\s*\([^\n]*/g)) {
    const strings = literalsIn(raw, m.index, m.index + m[0].length, false).filter((l) => l.norm.startsWith("s:"));
    const hit = strings.find((l) => namesTest(l.norm.slice(2), testPaths)) ?? (/__filename|import\s*\.\s*meta/.test(m[0]) ? strings.find((l) => /test/i.test(l.norm)) : void 0);
    if (hit)
      add(hit.start, `reads a test file (${shownLiteral(hit.norm)}): the expected answers are in it`);
  }
  return found;
}
;
const tamper_text = (content2) => typeof content2 === "string" ? content2 : new TextDecoder("utf-8", { fatal: false }).decode(content2);
function findTampering(files, tree = { tests: [], code: [] }) {
  const found = [];
  const code = pythonModuleNames(tree.code);
  const context = {
    judgeModules: new Set([...pythonModuleNames(tree.tests)].filter((n) => !code.has(n))),
    cheats: cheatContext(tree)
  };
  for (const file of files) {
    const scan = scannerFor(file.path);
    if (!scan)
      continue;
    const source = tamper_text(file.content);
    const mine = scan(source, file.path, context, file.base ? tamper_text(file.base) : void 0);
    if (mine.length === 0)
      continue;
    const theirs = file.base ? scan(tamper_text(file.base), file.path, context) : [];
    const baseLines = tamper_text(file.base ?? "").split("\n");
    const known = /* @__PURE__ */ new Map();
    for (const t of theirs)
      known.set(keyOf(t, baseLines), (known.get(keyOf(t, baseLines)) ?? 0) + 1);
    const lines = source.split("\n");
    for (const t of mine) {
      const key = keyOf(t, lines);
      const left2 = known.get(key) ?? 0;
      if (left2 > 0)
        known.set(key, left2 - 1);
      else
        found.push(t);
    }
  }
  return found.sort((a, b) => order_ascending(a.file, b.file) || a.line - b.line);
}
const keyOf = (t, lines) => `${t.what}
${(lines[t.line - 1] ?? "").trim()}`;
const assertMemo = /* @__PURE__ */ new WeakMap();
const statementMemo = /* @__PURE__ */ new WeakMap();
function cheatContext(tree) {
  let literals;
  let shown2;
  return {
    testPaths: [...tree.tests, ...(tree.testContents ?? []).map((f) => f.path)],
    testLiterals: () => {
      if (literals)
        return literals;
      literals = /* @__PURE__ */ new Map();
      for (const file of tree.testContents ?? []) {
        if (languageOfPath(file.path) !== "python")
          continue;
        let own = assertMemo.get(file);
        if (!own) {
          const raw = tamper_text(file.content);
          own = assertLiterals(file.path, raw, maskPython(raw));
          assertMemo.set(file, own);
        }
        for (const [norm, at] of own)
          if (!literals.has(norm) || at.role === "input")
            literals.set(norm, at);
      }
      return literals;
    },
    shown: (norm) => {
      shown2 ??= (tree.statement ?? []).map((file) => {
        let own = statementMemo.get(file);
        if (!own)
          statementMemo.set(file, own = { raw: tamper_text(file.content), literals: shownLiterals(tamper_text(file.content)) });
        return own;
      });
      return shown2.some((file) => file.literals.has(norm) || norm.startsWith("s:") && showsWord(file.raw, norm.slice(2)));
    }
  };
}
function treeContents(files) {
  const testContents = [];
  const statement = [];
  for (const file of files)
    (isTestFile(file.path) ? testContents : statement).push(file);
  return { testContents, statement };
}
function judgeModuleOf(resolved, modules) {
  const parts = resolved.replace(/\[.*$/, "").split(".");
  for (let n = parts.length - 1; n >= 1; n--) {
    const module2 = parts.slice(0, n).join(".");
    if (modules.has(module2))
      return module2;
  }
  return void 0;
}
function scannerFor(path2) {
  const language = languageOfPath(path2);
  if (language === "python")
    return scanPython;
  if (language === "javascript" || language === "typescript")
    return scanJavaScript;
  return void 0;
}
function maskPython(source) {
  const out = source.split("");
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === "#") {
      while (i < source.length && source[i] !== "\n")
        out[i++] = " ";
    } else if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), i);
      const quote2 = triple ? c.repeat(3) : c;
      i += quote2.length;
      while (i < source.length && !source.startsWith(quote2, i)) {
        if (!triple && source[i] === "\n")
          break;
        if (source[i] === "\\" && i + 1 < source.length) {
          out[i] = " ";
          if (source[i + 1] !== "\n")
            out[i + 1] = " ";
          i += 2;
          continue;
        }
        if (source[i] !== "\n")
          out[i] = " ";
        i++;
      }
      i += quote2.length;
    } else
      i++;
  }
  return out.join("");
}
function maskJavaScript(source) {
  const out = source.split("");
  let i = 0;
  const blank = (from, to) => {
    for (let k = from; k < to && k < source.length; k++)
      if (source[k] !== "\n")
        out[k] = " ";
  };
  while (i < source.length) {
    const c = source[i];
    if (source.startsWith("//", i)) {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let k = i + 1;
      while (k < source.length && source[k] !== c && (c === "`" || source[k] !== "\n"))
        k += source[k] === "\\" ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
    } else
      i++;
  }
  return out.join("");
}
function lineAt(source, offset) {
  let line = 1;
  for (let k = 0; k < offset; k++)
    if (source.charCodeAt(k) === 10)
      line++;
  return line;
}
function lineOf(source, offset) {
  const start = source.lastIndexOf("\n", offset - 1) + 1;
  const end = source.indexOf("\n", offset);
  return source.slice(start, end < 0 ? source.length : end);
}
function tamper_literalAt(raw, offset) {
  return /^['"`]([\w.$:/@-]*)['"`]/.exec(raw.slice(offset))?.[1];
}
const PY_FRAMEWORKS = ["unittest", "pytest", "_pytest", "doctest", "pluggy", "nose", "nose2"];
const PY_TOOLS = ["unittest.mock"];
const PY_EXITS = /* @__PURE__ */ new Set([
  "sys.exit",
  "sys.excepthook",
  "sys.modules",
  "sys.__dict__",
  "os._exit",
  "os.abort",
  "os.__dict__",
  "builtins.exit",
  "builtins.quit",
  "builtins.__import__",
  "builtins.__dict__",
  "__builtins__.exit",
  "__builtins__.quit",
  "__builtins__.__import__"
]);
const PY_DETACH = /* @__PURE__ */ new Set(["os.fork", "os.forkpty", "pty.fork", "os.setsid", "os.setpgrp", "os.setpgid", "os.daemon"]);
const within = (path2, roots) => roots.some((root) => path2 === root || path2.startsWith(`${root}.`) || path2.startsWith(`${root}[`));
function pythonTarget(path2) {
  if (within(path2, PY_TOOLS))
    return void 0;
  const framework = PY_FRAMEWORKS.find((root) => within(path2, [root]));
  if (framework && path2 !== framework && !/\.(maxDiff|longMessage)$/.test(path2))
    return `the test framework (${framework})`;
  const head = /^[\w]+(?:\.[\w]+)?/.exec(path2)?.[0] ?? path2;
  if (head === "sys.modules" || path2.startsWith("sys.modules["))
    return "the module table the runner imports from";
  if (PY_EXITS.has(head) || /^__builtins__\[/.test(path2))
    return "the interpreter's exit machinery";
  return void 0;
}
function moduleTableKey(raw, open) {
  const close = raw.indexOf("]", open);
  const end = raw.indexOf("\n", open);
  return close < 0 || end >= 0 && close > end ? void 0 : raw.slice(open + 1, close).trim();
}
const PY_JUDGE_NAMES = LANGUAGES.python.protect.shadowing;
function moduleKeyReachesJudge(key, judgeModules = /* @__PURE__ */ new Set()) {
  const compact = key.replace(/\s+/g, "");
  if (/^__name__(?:\+(['"])[\w.]*\1)?$/.test(compact))
    return false;
  const literal = /^[rRuU]?(['"])([A-Za-z_][\w.]*)\1$/.exec(compact)?.[2];
  if (literal === void 0)
    return true;
  const top = literal.split(".")[0];
  return PY_JUDGE_NAMES.names.includes(top) || PY_JUDGE_NAMES.prefixes.some((prefix) => top.startsWith(prefix)) || [...judgeModules].some((module2) => literal === module2 || literal.startsWith(`${module2}.`));
}
function pythonAliases(masked, raw) {
  const aliases = /* @__PURE__ */ new Map([["__builtins__", "__builtins__"]]);
  const code = masked.replace(/(\bimport[ \t]*\()([^)]*)\)/g, (_, open, inner) => `${open}${inner.replace(/\n/g, " ")})`);
  for (const m of code.matchAll(/^[ \t]*import[ \t]+([^\n;]+)/gm))
    for (const part of m[1].split(",")) {
      const [, module2, alias] = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part) ?? [];
      if (!module2)
        continue;
      if (alias)
        aliases.set(alias, module2);
      else {
        const root = module2.split(".")[0];
        aliases.set(root, root);
      }
    }
  for (const m of code.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([^\n;)]+)/gm))
    for (const part of m[2].split(",")) {
      const [, name, alias] = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part) ?? [];
      if (name)
        aliases.set(alias ?? name, `${m[1]}.${name}`);
    }
  for (const m of masked.matchAll(/^[ \t]*(\w+)\s*=\s*(?:__import__|(?:importlib\.)?import_module)\s*\(\s*(?=['"])/gm)) {
    const literal = tamper_literalAt(raw, (m.index ?? 0) + m[0].length);
    if (literal)
      aliases.set(m[1], literal);
  }
  return aliases;
}
function tamper_resolve(dotted, aliases) {
  const compact = dotted.replace(/\s+/g, "");
  const root = /^[\w$]+/.exec(compact)?.[0] ?? "";
  const module2 = aliases.get(root);
  return module2 === void 0 ? void 0 : module2 + compact.slice(root.length);
}
const ASSIGNED = /(?<![\w.$\]])([A-Za-z_$][\w$]*(?:\s*\.\s*[\w$]+|\s*\[[^\]\n]*\])+)\s*=(?![=>])/g;
const SETATTR = /(?<![\w.$])(setattr|delattr)\s*\(\s*([\w.]+)\s*,\s*/g;
function scanPython(source, path2, { judgeModules, cheats }, base) {
  const masked = maskPython(source);
  const aliases = pythonAliases(masked, source);
  const found = [];
  const add = (offset, what) => found.push({ file: path2, line: lineAt(source, offset), what });
  for (const m of masked.matchAll(ASSIGNED)) {
    const target = m[1];
    const resolved = tamper_resolve(target, aliases);
    const shown2 = target.replace(/\s+/g, "").replace(/\[[^\]]*\]/g, "[\u2026]");
    const reached = resolved === void 0 ? void 0 : pythonTarget(resolved);
    if (reached && /^sys\.modules\[/.test(resolved.replace(/\s+/g, ""))) {
      const key = moduleTableKey(source, (m.index ?? 0) + target.indexOf("["));
      if (key !== void 0 && !moduleKeyReachesJudge(key, judgeModules))
        continue;
    }
    if (reached)
      add(m.index ?? 0, `assigns to ${shown2}: ${reached}`);
    else if (/\.(wasSuccessful|addFailure|addError)$/.test(target.replace(/\s+/g, "")))
      add(m.index ?? 0, `assigns to ${shown2}: the test result's verdict`);
    else if (resolved !== void 0) {
      const module2 = judgeModuleOf(resolved, judgeModules);
      if (module2)
        add(m.index ?? 0, `assigns to ${shown2}: the tests' own module ${module2}`);
    }
  }
  for (const m of masked.matchAll(SETATTR)) {
    const resolved = tamper_resolve(m[2], aliases);
    if (resolved === void 0)
      continue;
    const name = tamper_literalAt(source, (m.index ?? 0) + m[0].length);
    const module2 = judgeModules.has(resolved) ? resolved : judgeModuleOf(resolved, judgeModules);
    const reached = pythonTarget(`${resolved}.${name ?? "__dict__"}`) ?? (module2 === void 0 ? void 0 : `the tests' own module ${module2}`);
    if (reached)
      add(m.index ?? 0, `${m[1]} on ${m[2]}${name ? `.${name}` : ""}: ${reached}`);
  }
  for (const m of masked.matchAll(/(?<![\w.])sys\s*\.\s*modules\s*\.\s*(update|setdefault|__setitem__)\s*\(/g))
    if (aliases.get("sys") === "sys")
      add(m.index ?? 0, `sys.modules.${m[1]}: the module table the runner imports from`);
  for (const m of masked.matchAll(/(?<![\w.])([A-Za-z_]\w*(?:[ \t]*\.[ \t]*\w+)*)/g)) {
    if (/^[ \t]*(?:from|import)\b/.test(lineOf(masked, m.index ?? 0)))
      continue;
    const resolved = tamper_resolve(m[1], aliases);
    if (resolved !== void 0 && PY_DETACH.has(resolved))
      add(m.index ?? 0, `uses ${resolved}: a process that can outlive the test runner and rewrite its results`);
    else if (resolved === "pytest.hookimpl" && !isConftest(path2))
      add(m.index ?? 0, `uses pytest.hookimpl outside conftest.py: a hook into the runner`);
  }
  for (const m of masked.matchAll(/\bstart_new_session\s*=\s*True\b/g))
    add(m.index ?? 0, "start_new_session=True: a process that can outlive the test runner and rewrite its results");
  for (const m of masked.matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+(pytest_\w+|wasSuccessful|addFailure|addError)\b/gm))
    if (m[1] === "wasSuccessful" || m[1] === "addFailure" || m[1] === "addError")
      add(m.index ?? 0, `defines ${m[1]}: the test result's verdict`);
    else if (m[1] !== "pytest_generate_tests" && !isConftest(path2))
      add(m.index ?? 0, `defines the pytest hook ${m[1]} outside conftest.py`);
  for (const m of masked.matchAll(/^[ \t]*pytest_plugins[ \t]*=(?!=)/gm))
    if (!isConftest(path2))
      add(m.index ?? 0, "sets pytest_plugins outside conftest.py: loads plugins into the runner");
  found.push(...alwaysEqual(masked, source, path2));
  found.push(...pythonCheats(source, masked, path2, (dotted) => tamper_resolve(dotted, aliases), cheats, base));
  return found;
}
const isConftest = (path2) => /(^|\/)conftest\.py$/.test(path2);
function alwaysEqual(masked, source, path2) {
  const found = [];
  const verdicts = { __eq__: "True", __ne__: "False" };
  for (const m of masked.matchAll(/^([ \t]*)def[ \t]+(__eq__|__ne__)[ \t]*\(/gm)) {
    const name = m[2];
    const start = (m.index ?? 0) + m[0].length;
    let depth = 1;
    let k = start;
    for (; k < masked.length && depth > 0; k++)
      depth += masked[k] === "(" ? 1 : masked[k] === ")" ? -1 : 0;
    const colon = masked.indexOf(":", k);
    if (colon < 0)
      continue;
    const first = firstStatement(masked.slice(colon + 1), m[1].length);
    if (first !== void 0 && new RegExp(`^return\\s*\\(?\\s*${verdicts[name]}\\s*\\)?$`).test(first))
      found.push({
        file: path2,
        line: lineAt(source, m.index ?? 0),
        what: `${name} returns ${verdicts[name]} whatever it is compared with: an object equal to anything`
      });
  }
  for (const m of masked.matchAll(/(?<![\w.])(__eq__|__ne__)\s*=\s*lambda\b[^:\n]*:\s*(True|False)\b\s*(?=$|[),;\n])/gm)) {
    if (verdicts[m[1]] !== m[2])
      continue;
    found.push({
      file: path2,
      line: lineAt(source, m.index ?? 0),
      what: `${m[1]} returns ${m[2]} whatever it is compared with: an object equal to anything`
    });
  }
  return found;
}
function firstStatement(after, indent2) {
  const lines = after.split("\n");
  const inline = (lines[0] ?? "").trim();
  if (inline !== "")
    return inline.split(";")[0].trim();
  for (const line of lines.slice(1)) {
    const stripped = line.trim();
    if (stripped === "" || /^[rRbBuUfF]*['"\s]*$/.test(stripped))
      continue;
    if (line.length - line.trimStart().length <= indent2)
      return void 0;
    return stripped;
  }
  return void 0;
}
const JS_FRAMEWORKS = /* @__PURE__ */ new Map([
  ["assert", "assert"],
  ["node:assert", "assert"],
  ["assert/strict", "assert"],
  ["node:assert/strict", "assert"],
  ["node:test", "node:test"],
  ["vitest", "vitest"],
  ["@jest/globals", "jest"],
  ["chai", "chai"]
]);
function jsAliases(masked, raw) {
  const aliases = /* @__PURE__ */ new Map([
    ["process", "process"],
    ["Object", "Object"],
    ["globalThis", "globalThis"],
    ["expect", "jest"]
  ]);
  const framework = (offset) => JS_FRAMEWORKS.get(tamper_literalAt(raw, offset) ?? "");
  for (const m of masked.matchAll(/\b(?:const|let|var)\s+(\w+|\{[^}]*\})\s*=\s*require\s*\(\s*(?=['"`])/g)) {
    const module2 = framework((m.index ?? 0) + m[0].length);
    if (module2)
      for (const name of boundNames(m[1]))
        aliases.set(name, module2);
  }
  for (const m of masked.matchAll(/\bimport\s+([\w*\s{},$]+?)\s+from\s*(?=['"])/g)) {
    const module2 = framework((m.index ?? 0) + m[0].length);
    if (module2)
      for (const name of boundNames(m[1]))
        aliases.set(name, module2);
  }
  return aliases;
}
function boundNames(clause) {
  return clause.replace(/[{}]/g, ",").split(",").map((part) => part.trim().split(/\s+as\s+|\s*:\s*/).at(-1).replace(/^\*\s*/, "").trim()).filter((name) => /^[\w$]+$/.test(name));
}
function jsTarget(path2) {
  const compact = path2.replace(/\s+/g, "").replace(/^globalThis\./, "");
  const [root = "", next = ""] = compact.split(".");
  if (root === "process" && /^(exit|reallyExit|abort|kill|exitCode)$/.test(next ?? ""))
    return "the process's exit machinery";
  if (root === "Object" && (next === "prototype" || next === "is"))
    return "every comparison (Object's prototype)";
  if (["assert", "node:test", "vitest", "jest", "chai"].includes(root) && compact.includes("."))
    return `the test framework (${root})`;
  if (root === "assert" && compact === "assert")
    return "the test framework (assert)";
  return void 0;
}
function scanJavaScript(source, path2, { cheats }) {
  const masked = maskJavaScript(source);
  const aliases = jsAliases(masked, source);
  const found = [];
  const add = (offset, what) => found.push({ file: path2, line: lineAt(source, offset), what });
  for (const m of masked.matchAll(ASSIGNED)) {
    const resolved = tamper_resolve(m[1], aliases);
    const reached = resolved === void 0 ? void 0 : jsTarget(resolved);
    if (reached && /^process\.exitCode$/.test(resolved.replace(/\s+/g, "")) && !/^\s*0\b/.test(masked.slice((m.index ?? 0) + m[0].length)))
      continue;
    if (reached)
      add(m.index ?? 0, `assigns to ${m[1].replace(/\s+/g, "")}: ${reached}`);
  }
  for (const m of masked.matchAll(/(?<![\w.$])(?:Object\s*\.\s*(?:defineProperty|defineProperties|assign|setPrototypeOf)|Reflect\s*\.\s*(?:set|defineProperty))\s*\(\s*([\w$.]+)\s*,\s*/g)) {
    const resolved = tamper_resolve(m[1], aliases);
    const name = tamper_literalAt(source, (m.index ?? 0) + m[0].length);
    const reached = resolved === void 0 ? void 0 : jsTarget(name ? `${resolved}.${name}` : `${resolved}.*`);
    if (reached)
      add(m.index ?? 0, `redefines ${m[1]}${name ? `.${name}` : ""}: ${reached}`);
  }
  found.push(...javascriptCheats(source, masked, path2, cheats.testPaths));
  return found;
}
;
function compileSetupInputs(globs) {
  return globs.map(globMatcher);
}
const under = (path2, dir) => path2.startsWith(`${dir}/`);
function setup_inputs_sameContent(a, b) {
  return Buffer.from(a).equals(Buffer.from(b));
}
const PACKAGE_MANIFESTS = /* @__PURE__ */ new Set([
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "package.json",
  "Cargo.toml",
  "go.mod",
  "composer.json"
]);
function packageDirs(touched) {
  const dirs = /* @__PURE__ */ new Set();
  for (const path2 of touched) {
    const slash = path2.lastIndexOf("/");
    if (slash > 0 && PACKAGE_MANIFESTS.has(path2.slice(slash + 1)))
      dirs.add(path2.slice(0, slash));
  }
  return [...dirs].filter((dir) => ![...dirs].some((other) => under(dir, other))).sort(order_ascending);
}
function setupChangeOf(inputs, base, changes) {
  const differs = ([path2, file]) => {
    const before = base(path2);
    return file === null ? before !== void 0 : before === void 0 || !setup_inputs_sameContent(before, file.content);
  };
  const touched = [...changes].filter((change) => inputs.some((glob) => glob.match(change[0])) && differs(change));
  if (touched.length === 0)
    return void 0;
  const isInput = new Set(touched.map(([path2]) => path2));
  const vendored = packageDirs([...isInput]);
  const sources = [...changes].filter((change) => !isInput.has(change[0]) && vendored.some((dir) => under(change[0], dir)) && differs(change));
  const packages = vendored.filter((dir) => sources.some(([path2]) => under(path2, dir)));
  const given = new Map([...touched, ...sources]);
  const files = [...given.values()].filter((file) => file !== null).sort((a, b) => order_ascending(a.path, b.path));
  const deleted = [...given].flatMap(([path2, file]) => file === null ? [path2] : []).sort(order_ascending);
  const hash = (0, external_node_crypto_namespaceObject.createHash)("sha256");
  for (const file of files) {
    const content2 = Buffer.from(file.content);
    hash.update(`w ${file.path.length}:${file.path} ${file.executable ? "x" : "-"} ${content2.length}:`).update(content2);
  }
  for (const path2 of deleted)
    hash.update(`d ${path2.length}:${path2}`);
  const named = (wanted, suffix) => touched.flatMap(([path2, file]) => wanted(file) ? [`${path2}${suffix}`] : []).sort(order_ascending);
  return {
    files,
    deleted,
    inputs: [...named((file) => file !== null, ""), ...named((file) => file === null, " (deleted)")],
    packages,
    key: hash.digest("hex")
  };
}
function describeSetupChange(change) {
  const packages = change.packages.length > 0 ? ` (with the files of ${change.packages.map((d) => `${d}/`).join(", ")})` : "";
  return `${change.inputs.join(", ")}${packages}`;
}
;
const MAX_FALLBACKS = 2;
const UNKNOWN_LANGUAGE = "the language could not be told from the fence, the target or the tests; set the 'language' input";
function imageFor(settings, language, candidate) {
  return candidate.overrides?.image || settings.run.image || LANGUAGES[language].image;
}
function candidateLimits(settings, candidate, patched) {
  return {
    ...settings.limits,
    timeoutMs: candidate.overrides?.timeoutMs ?? settings.limits.timeoutMs,
    pidsLimit: patched ? settings.run.patchPidsLimit : settings.limits.pidsLimit
  };
}
function prepareCandidate(candidate, ctx) {
  return candidate.kind === "patch" ? preparePatch(candidate.bytes ?? candidate.text, candidate, ctx) : prepareReply(candidate, ctx);
}
function unprepared(candidate, settings, why) {
  return { ...why, limits: candidateLimits(settings, candidate, why.patch !== void 0) };
}
function declaredLanguage(candidate, settings) {
  const target = candidate.overrides?.target || settings.run.target;
  const own = candidate.overrides?.language;
  return (own !== void 0 && isLanguage(own) ? own : void 0) ?? (settings.run.language === "auto" ? void 0 : settings.run.language) ?? (target ? languageOfPath(target) : void 0);
}
function holdsCode(candidate, settings) {
  const extraction = extractCode(candidate.text, declaredLanguage(candidate, settings) ?? "auto");
  return extraction.kind === "code" || findPatchBlocks(candidate.text).length > 0;
}
function languageOfFiles(paths) {
  for (const path2 of paths) {
    const language = languageOfPath(path2);
    if (language)
      return language;
  }
  return void 0;
}
function extraFiles(candidate) {
  return Object.entries(candidate.files ?? {}).map(([path2, content2]) => ({ path: path2, content: content2 }));
}
const compiled = /* @__PURE__ */ new WeakMap();
function protectRules(settings, kind) {
  let rules = compiled.get(settings);
  if (!rules) {
    rules = {
      reply: compileProtect(settings.run.protect, settings.source.tests),
      patch: compileProtect(settings.run.protect)
    };
    compiled.set(settings, rules);
  }
  return rules[kind];
}
function protectionOf(settings, kind, base, changes) {
  return findProtected(protectRules(settings, kind), { get: base }, changes);
}
const compiledInputs = /* @__PURE__ */ new WeakMap();
function setupOf(settings, start, base, changes) {
  const { setup } = settings.run;
  if (!setup || !start || setup.inputs.length === 0)
    return {};
  let inputs = compiledInputs.get(settings);
  if (!inputs)
    compiledInputs.set(settings, inputs = compileSetupInputs(setup.inputs));
  const change = setupChangeOf(inputs, base, changes);
  return change ? { setup: change } : {};
}
const byPath = (files) => new Map(files.map((f) => [f.path, f]));
async function prepareReply(candidate, ctx) {
  const { settings } = ctx;
  const declared = declaredLanguage(candidate, settings);
  const extraction = extract_extractCode(candidate.text, declared ?? "auto");
  if (extraction.kind === "none") {
    const patches = extract_findPatchBlocks(candidate.text);
    if (patches.length > 0)
      return preparePatch(patches.join("\n"), candidate, ctx);
    return unprepared(candidate, settings, {
      status: "no_code",
      language: declared ?? null,
      reason: extraction.reason
    });
  }
  const extra = extraFiles(candidate);
  const language = declared ?? extraction.language ?? languageOfFiles([...extra, ...ctx.testFiles].map((f) => f.path));
  if (!language)
    return unprepared(candidate, settings, { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE });
  const target = candidate.overrides?.target || settings.run.target || LANGUAGES[language].target;
  const start = ctx.tree && settings.run.setup ? "tests" : void 0;
  const limits = candidateLimits(settings, candidate, false);
  const tests = byPath(ctx.testFiles);
  const withCode = (code) => {
    const own = byPath([...extra, { path: target, content: code }]);
    const protection = protectionOf(settings, "reply", (path2) => tests.get(path2)?.content, contentsOf(own));
    const kept = new Set(protection.protected);
    const files = [...own.values()].filter((f) => !kept.has(f.path));
    return {
      language,
      // The candidate's own files come last so its target wins over a test file of the same name.
      files: [...start ? [] : ctx.testFiles, ...files],
      checks: files.some((f) => f.path === target) ? [{ language, files: [target] }] : [],
      limits,
      // Only the reply's own code: the dataset's files and the `tests` are the task's, not the candidate's.
      ...withTampering(kept.has(target) ? [] : [{ path: target, content: code }], {
        tests: ctx.testFiles.map((f) => f.path),
        code: [],
        ...replyContents(ctx.testFiles, extra)
      }),
      ...start && { start, deleted: [] },
      ...protection.protected.length > 0 && { protected: protection.protected },
      ...setupOf(settings, start, (path2) => tests.get(path2)?.content, byPath(files))
    };
  };
  return {
    ...withCode(extraction.code),
    fallbacks: extraction.fallbacks.slice(0, MAX_FALLBACKS).map((block) => withCode(block.code))
  };
}
function contentsOf(files) {
  return new Map([...files].map(([path2, file]) => [path2, file.content]));
}
function applyTo(parsed, touched, settings) {
  if (!touched.ok)
    return touched.reason;
  const applied = applyPatch(touched.files, parsed, {
    executable: touched.executable,
    // What git apply applies, unless the user asked for more.
    maxStrategy: settings.run.patchFuzz ? "fuzz" : "offset"
  });
  if (!applied.ok)
    return applied.reason;
  return {
    touched,
    files: applied.files,
    executable: applied.executable,
    patch: { changedFiles: applied.changed, strategy: applied.strategy }
  };
}
async function applyToBase(diff, ctx, tree) {
  const parsed = patch_parsePatch(diff);
  const touched = tree ? baseOfTree(tree, patch_touchedPaths(parsed)) : await loadBaseTree(ctx.settings.source.workdir, patch_touchedPaths(parsed));
  return applyTo(parsed, touched, ctx.settings);
}
function candidate_testPatchPaths(testPatch) {
  return touchedPaths(parsePatch(testPatch));
}
function candidate_checkTestPatch(testPatch, base, settings) {
  const applied = applyTo(parsePatch(testPatch), base, settings);
  return typeof applied === "string" ? applied : void 0;
}
function patchProtection(applied, startFiles, candidate, settings, trusted) {
  const start = byPath(startFiles);
  const changes = new Map([...contentsOf(byPath(extraFiles(candidate))), ...applied.files]);
  const base = (path2) => applied.touched.files.get(path2) ?? start.get(path2)?.content;
  const protection = protectionOf(settings, "patch", base, changes);
  if (!trusted)
    return protection;
  return protectPaths(protection, new Set(trusted.keys()), "a file the line's test_patch writes", { get: base }, changes);
}
function patchedTree(applied, startFiles, candidate, protection) {
  const final = byPath(startFiles);
  const changes = byPath(extraFiles(candidate));
  const deleted = [];
  const written = [];
  const restored = new Map(protection.files.map((file) => [file.path, file.restore]));
  for (const [path2, content2] of applied.files) {
    if (restored.has(path2))
      continue;
    if (content2 === null) {
      final.delete(path2);
      changes.delete(path2);
      deleted.push(path2);
    } else {
      changes.set(path2, { path: path2, content: content2, executable: applied.executable.has(path2) });
      written.push(path2);
    }
  }
  for (const [path2, restore] of restored) {
    changes.delete(path2);
    if (restore !== null && !final.has(path2))
      changes.set(path2, { path: path2, content: restore, executable: applied.touched.executable.has(path2) });
  }
  for (const file of changes.values())
    final.set(file.path, file);
  return { final, changes, deleted, written };
}
async function testPatchOf(candidate, ctx, tree) {
  const testPatch = candidate.instance?.testPatch;
  if (testPatch === void 0 || testPatch.trim() === "")
    return void 0;
  const applied = await applyToBase(testPatch, ctx, tree);
  if (typeof applied === "string")
    return `the line's test_patch does not apply to its base${ctx.commit ? ` (${ctx.commit})` : ""}: ${applied}`;
  return new Map([...applied.files].map(([path2, content2]) => [
    path2,
    content2 === null ? null : { path: path2, content: content2, executable: applied.executable.has(path2) }
  ]));
}
function withTrusted(tree, trusted) {
  if (!trusted)
    return tree;
  const { final, changes } = tree;
  const deleted = new Set(tree.deleted);
  for (const [path2, file] of trusted) {
    if (file === null) {
      final.delete(path2);
      changes.delete(path2);
      deleted.add(path2);
    } else {
      final.set(path2, file);
      changes.set(path2, file);
      deleted.delete(path2);
    }
  }
  return { final, changes, deleted: [...deleted], written: tree.written.filter((path2) => !trusted.has(path2)) };
}
function checksOf(written) {
  const checks = /* @__PURE__ */ new Map();
  for (const path2 of written) {
    const lang = languageOfPath(path2);
    if (lang)
      checks.set(lang, [...checks.get(lang) ?? [], path2]);
  }
  return [...checks].map(([language, files]) => ({ language, files }));
}
async function preparePatch(diff, candidate, ctx) {
  const { settings } = ctx;
  const declared = declaredLanguage(candidate, settings);
  if (ctx.commit !== void 0 && !ctx.tree)
    return unprepared(candidate, settings, {
      status: "sandbox_error",
      language: declared ?? null,
      reason: "base_commit needs the run's git repository (workdir), which this run does not read"
    });
  const whole = ctx.commit !== void 0 || settings.source.tests.length === 0;
  const tree = ctx.tree && whole ? await ctx.tree(ctx.commit) : void 0;
  const applied = await applyToBase(diff, ctx, tree);
  if (typeof applied === "string")
    return unprepared(candidate, settings, { status: "patch_failed", language: declared ?? null, reason: applied });
  const trusted = await testPatchOf(candidate, ctx, tree);
  if (typeof trusted === "string")
    return unprepared(candidate, settings, { status: "sandbox_error", language: declared ?? null, reason: trusted });
  const start = tree ? "tree" : ctx.tree && settings.run.setup ? "tests" : void 0;
  const startFiles = tree ? tree.files : ctx.testFiles;
  const startContent = byPath(startFiles);
  const startPaths = new Set(startContent.keys());
  const protection = patchProtection(applied, startFiles, candidate, settings, trusted);
  const { final, changes, deleted, written } = withTrusted(patchedTree(applied, startFiles, candidate, protection), trusted);
  const language = declared ?? languageOfFiles(written) ?? languageOfFiles([...final.keys()]);
  const { patch } = applied;
  if (!language)
    return unprepared(candidate, settings, { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE, patch });
  const bytes = filesBytes(final.values());
  if (bytes > settings.limits.workdirBytes) {
    const reason = `the patched tree holds ${bytes} bytes, more than tmpfs-size (${settings.limits.workdirBytes}); narrow 'tests' or raise 'tmpfs-size'`;
    return unprepared(candidate, settings, { status: "sandbox_error", language, reason, patch });
  }
  const base = (path2) => applied.touched.files.get(path2) ?? startContent.get(path2)?.content;
  const setup = setupOf(settings, start, base, new Map([...changes, ...deleted.map((path2) => [path2, null])]));
  const before = new Map((tree ? [] : ctx.testFiles).map((f) => [f.path, f]));
  if (!start)
    for (const [path2, content2] of applied.touched.files)
      before.set(path2, { path: path2, content: content2, executable: applied.touched.executable.has(path2) });
  for (const file of trusted?.values() ?? [])
    if (file)
      before.set(file.path, file);
  return {
    language,
    // With a run image holding the start, only what the candidate changes travels.
    files: [...(start ? changes : final).values()],
    checks: checksOf(written),
    limits: candidateLimits(settings, candidate, true),
    patch,
    ...start && { start, deleted },
    ...start === "tree" && ctx.commit !== void 0 && { commit: ctx.commit, whole: [...final.values()] },
    unpatched: [...before.values()],
    ...protection.protected.length > 0 && { protected: protection.protected },
    ...setup,
    // What the patch wrote (neither the protected files, whose base versions run, nor the trusted tests),
    // held against the base's version of each file.
    ...withTampering(written.map((path2) => ({ path: path2, content: final.get(path2).content, base: applied.touched.files.get(path2) })), {
      ...treeFiles(final.keys(), written, (path2) => applied.touched.files.has(path2) || startPaths.has(path2)),
      ...patchContents(startFiles, applied, trusted)
    })
  };
}
function treeFiles(paths, written, inBase) {
  const added = new Set(written.filter((path2) => !inBase(path2)));
  const tests = [];
  const code = [];
  for (const path2 of paths) {
    if (!protect_isTestFile(path2))
      code.push(path2);
    else if (!added.has(path2))
      tests.push(path2);
  }
  return { tests, code };
}
function replyContents(tests, extra) {
  const named = (f) => /test/i.test(f.path.slice(f.path.lastIndexOf("/") + 1)) || protect_isTestFile(f.path);
  return { testContents: [...tests, ...extra.filter(named)], statement: extra.filter((f) => !named(f)) };
}
const CONTENTS_BUDGET = 4 * 1024 * 1024;
function patchContents(start, applied, trusted) {
  const budget = (files) => {
    let total = 0;
    return files.filter((f) => (total += f.content.length) <= CONTENTS_BUDGET);
  };
  const given = [...trusted?.values() ?? []].filter((f) => f !== null);
  const tests = given.length > 0 ? given : budget(start.filter((f) => protect_isTestFile(f.path)));
  const touched = [...applied.touched.files].map(([path2, content2]) => ({ path: path2, content: content2 }));
  return { testContents: tests, statement: [...touched, ...budget(start.filter((f) => !protect_isTestFile(f.path)))] };
}
function withTampering(files, tree) {
  const tampering = findTampering(files, tree);
  return tampering.length > 0 ? { tampering } : {};
}
;
const PLAIN_WORD = /^[A-Za-z0-9_./:@%+=,-]+$/;
function isPlainWord(text) {
  return PLAIN_WORD.test(text);
}
function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
function shellWord(text) {
  return isPlainWord(text) ? text : shellQuote(text);
}
;
function single(groups) {
  const nonEmpty = groups.filter((g) => g.files.length > 0);
  if (nonEmpty.length !== 1 || nonEmpty[0].files.length !== 1)
    return { nonEmpty };
  return { nonEmpty, only: { language: nonEmpty[0].language, file: nonEmpty[0].files[0] } };
}
function checkFiles(groups) {
  const { nonEmpty, only } = single(groups);
  if (only)
    return LANGUAGES[only.language].check(only.file);
  if (nonEmpty.length === 0)
    return [];
  const loops = nonEmpty.map(({ language, files }) => {
    const tool = LANGUAGES[language].check("").slice(0, -1).map(shellQuote).join(" ");
    return `i=0; while [ "$i" -lt ${files.length} ]; do ${tool} "$1" || exit; shift; i=$((i + 1)); done`;
  });
  return ["sh", "-c", loops.join("\n"), "sandbox-gate-check", ...nonEmpty.flatMap((g) => g.files)];
}
function syntax_checkAndRun(groups, command, results = []) {
  const { only } = single(groups);
  if (results.length > 0 || !only)
    return void 0;
  return LANGUAGES[only.language].checkAndRun?.(only.file, command);
}
function warmCheck(groups, files) {
  const { nonEmpty } = single(groups);
  const server = nonEmpty.length === 1 ? LANGUAGES[nonEmpty[0].language].checkServer : void 0;
  if (!server)
    return void 0;
  const byPath2 = new Map(files.map((file) => [file.path, file]));
  const sources = [];
  for (const path2 of nonEmpty[0].files) {
    const file = byPath2.get(path2);
    if (!file || file.linkTarget !== void 0)
      return void 0;
    sources.push(file.content);
  }
  return { server, sources };
}
const syntax_WORKDIR = /(?:file:\/\/)?\/work\//g;
function relative(path2) {
  return path2.replace(syntax_WORKDIR, "").replace(/^\.\//, "");
}
function parseCheckOutput(language, output, target, verdict) {
  const text = output.replace(/\r\n?/g, "\n").trim();
  const parsed = LANGUAGES[language].readCheck(text, verdict) ?? {};
  const message = (parsed.message ?? text).replace(syntax_WORKDIR, "").trim() || "the parse check failed without a message";
  const info2 = { message, file: relative(parsed.file || target) };
  if (parsed.line !== void 0)
    info2.line = parsed.line;
  if (parsed.column !== void 0)
    info2.column = parsed.column;
  return info2;
}
;
const job_RUN_LABEL = "io.github.sandbox-gate.run";
const OWNER_ENV = "SANDBOX_GATE_OWNER";
const OWNER_LABEL = "io.github.sandbox-gate.owner";
function withOwner(labels, env = process.env) {
  const owner = env[OWNER_ENV];
  return owner ? { ...labels, [OWNER_LABEL]: owner } : labels;
}
;
function decodeUtf8(bytes, cut) {
  const decoder2 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
  return decoder2.decode(bytes, { stream: cut });
}
;
class StreamCapture {
  #limit;
  #kept = [];
  #keptBytes = 0;
  #bytes = 0;
  constructor(limitBytes) {
    this.#limit = Math.max(0, Math.floor(limitBytes));
  }
  push(chunk) {
    this.#bytes += chunk.byteLength;
    const room = this.#limit - this.#keptBytes;
    if (room <= 0)
      return;
    const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
    this.#kept.push(Buffer.from(part));
    this.#keptBytes += part.byteLength;
  }
  /** The bytes kept, as they came: for a stream that is data (a tar), not text. */
  kept() {
    return Buffer.concat(this.#kept, this.#keptBytes);
  }
  get bytes() {
    return this.#bytes;
  }
  get truncated() {
    return this.#bytes > this.#keptBytes;
  }
  result() {
    return {
      text: decodeUtf8(Buffer.concat(this.#kept, this.#keptBytes), this.truncated),
      truncated: this.truncated,
      bytes: this.#bytes
    };
  }
}
class LogCapture {
  #log;
  #partial = { stdout: [], stderr: [] };
  #partialBytes = { stdout: 0, stderr: 0 };
  #limit;
  constructor(limitBytes) {
    this.#limit = Math.max(0, Math.floor(limitBytes));
    this.#log = new StreamCapture(this.#limit);
  }
  push(stream2, chunk) {
    let data = Buffer.from(chunk);
    for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10)) {
      this.#flush(stream2, data.subarray(0, at + 1));
      data = data.subarray(at + 1);
    }
    if (data.length === 0)
      return;
    if (this.#partialBytes[stream2] + data.length > this.#limit) {
      this.#flush(stream2, data);
      return;
    }
    this.#partial[stream2].push(data);
    this.#partialBytes[stream2] += data.length;
  }
  #flush(stream2, end) {
    for (const part of this.#partial[stream2])
      this.#log.push(part);
    this.#partial[stream2] = [];
    this.#partialBytes[stream2] = 0;
    this.#log.push(end);
  }
  /** The log once both streams ended: a last line without its newline is kept too. */
  result() {
    if (this.#partialBytes.stdout > 0 && this.#partialBytes.stderr > 0)
      this.#flush("stdout", Buffer.from("\n"));
    for (const stream2 of ["stdout", "stderr"])
      this.#flush(stream2, Buffer.alloc(0));
    return { bytes: this.#log.kept(), truncated: this.#log.truncated };
  }
}
;
const START_GRACE_MS = 6e4;
function newNonce() {
  return (0, external_node_crypto_namespaceObject.randomBytes)(16).toString("hex");
}
function checkMarker(nonce) {
  return `sandbox-gate:check:${nonce}
`;
}
function runMarker(nonce) {
  return `${RUN_PREFIX}${nonce}
`;
}
function resultsMarker(nonce) {
  return `sandbox-gate:results:${nonce}
`;
}
function cpuMarker(nonce) {
  return `sandbox-gate:cpu:${nonce}
`;
}
function verdictMarker(nonce) {
  return `${VERDICT_PREFIX}${nonce}
`;
}
function driverInput(nonce, tar, deleted = []) {
  return [Buffer.from(`${nonce}
${deleted.length}
${deleted.map((path2) => `${path2}
`).join("")}`), ...tar];
}
function writeInput(stdin, input) {
  stdin.cork();
  for (const piece of input)
    stdin.write(piece);
  stdin.end();
}
function driverScript(afterCommand) {
  return String.raw`tree=$1
command=$2
results=$3
guard=$4
shift 4
cpu_stamp() {
  for cgstat in /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/unified/cpu.stat; do
    [ -r "$cgstat" ] || continue
    while read -r cgkey cgused; do
      [ "$cgkey" = usage_usec ] || continue
      printf '\036sandbox-gate:cpu:%s\nu%s\n' "$nonce" "$cgused" >&2
      return 0
    done <"$cgstat"
  done
  cgstat=/sys/fs/cgroup/cpuacct/cpuacct.usage
  [ -r "$cgstat" ] && IFS= read -r cgused <"$cgstat" && printf '\036sandbox-gate:cpu:%s\na%s\n' "$nonce" "$cgused" >&2
  return 0
}
IFS= read -r nonce || {
  echo "sandbox-gate: no marker nonce on stdin" >&2
  exit 125
}
if [ -n "$tree" ]; then
  tar -x -f "$tree" || {
    echo "sandbox-gate: could not unpack the base tree $tree into $PWD (is tmpfs-size large enough?)" >&2
    exit 125
  }
fi
IFS= read -r deleted || {
  echo "sandbox-gate: no count of deleted paths on stdin" >&2
  exit 125
}
while [ "$deleted" -gt 0 ]; do
  IFS= read -r path || exit 125
  rm -f -- "$path"
  deleted=$((deleted - 1))
done
tar -x -f - || {
  status=$?
  echo "sandbox-gate: could not unpack the files into $PWD (tar exited with $status)" >&2
  exit "$status"
}
exec </dev/null
# Results are what this run's command writes: a file already there (shipped by the candidate, left by the
# setup) is gone before anything runs.
if [ -n "$results" ]; then
  printf '%s\n' "$results" | while IFS= read -r pattern; do
    find . -path "./$pattern" ! -type d -exec rm -f -- {} + 2>/dev/null
  done
fi
# The end guard (languages/python-guard.ts) first on PYTHONPATH, in a directory of its own under /tmp, written
# before anything of the candidate's runs. An image whose /tmp the sandbox user cannot write (busybox's) runs
# without it: nothing of the candidate can make it so, and such an image has no Python to guard.
if [ -n "$guard" ] && { mkdir -p ${GUARD_DIR} && printf '%s' "$guard" >${GUARD_DIR}/${PYTHON_GUARD_FILE}; } 2>/dev/null; then
  PYTHONPATH=${GUARD_DIR}${"$"}{PYTHONPATH:+:$PYTHONPATH}
  export PYTHONPATH
fi
guard=
if [ "$#" -gt 0 ]; then
  printf '\036sandbox-gate:check:%s\n' "$nonce" >&2
fi
if [ -z "$command" ] && [ "$#" -gt 0 ]; then
  # The check runs the command itself once its file parses, and writes the run marker before it.
  export ${VERDICT_ENV}="$nonce"
  cpu_stamp
else
  if [ "$#" -gt 0 ]; then
    ${VERDICT_ENV}=$nonce "$@" >&2 || exit "$?"
  fi
  cpu_stamp
  printf '\036sandbox-gate:run:%s\n' "$nonce" >&2
  set -- sh -c "$command"
fi
${afterCommand ? "" : EXEC_UNLESS_RESULTS}"$@"
status=$?
if [ -n "$results" ]; then
  printf '\036sandbox-gate:results:%s\n' "$nonce" >&2
  printf '%s\n' "$results" | while IFS= read -r pattern; do find . -path "./$pattern" -type f; done 2>/dev/null |
    sort -u | tar -c -f - -T - >&2 2>/dev/null
fi
${afterCommand}exit "$status"
`;
}
const EXEC_UNLESS_RESULTS = '[ -n "$results" ] || exec "$@"\n';
const DRIVER = driverScript("");
function driverAfter(afterCommand) {
  return driverScript(afterCommand);
}
function driverArgv(command, check = [], tree = "", results = [], script = DRIVER, guard = "") {
  return ["sh", "-c", script, "sandbox-gate", tree, command, results.join("\n"), guard, ...check];
}
function driverCommand(job) {
  return job.checkRuns ? "" : job.command;
}
const MAX_TEXT_BYTES = 1024 * 1024;
const SEPARATOR = 30;
const MAX_VERDICT_BYTES = 64 * 1024;
const MAX_STAMP_BYTES = 32;
const NEWLINE = 10;
class PhaseParser {
  #onRunOutput;
  #onRun;
  #onCommandEnd;
  #maxTextBytes;
  #markers;
  #phase = "setup";
  #text;
  /** The start of a marker split across chunks, held back until the rest arrives. */
  #pending = Buffer.alloc(0);
  /** The checker's verdict line. */
  #verdict;
  /** The driver's CPU stamp line (cpuMarker). */
  #cpu;
  /** The line a verdict or cpu marker began, while its end has not arrived. */
  #line;
  /** When results are expected: their marker, and their tar once it began. */
  #results;
  constructor(options) {
    this.#onRunOutput = options.onRunOutput;
    this.#onRun = options.onRun ?? (() => {
    });
    this.#onCommandEnd = options.onCommandEnd ?? (() => {
    });
    this.#maxTextBytes = options.maxTextBytes ?? MAX_TEXT_BYTES;
    this.#text = new StreamCapture(this.#maxTextBytes);
    this.#results = options.maxResultsBytes === void 0 ? void 0 : {
      marker: Buffer.from(resultsMarker(options.nonce)),
      capture: new StreamCapture(options.maxResultsBytes),
      open: false
    };
    this.#markers = [
      { bytes: Buffer.from(checkMarker(options.nonce)), from: ["setup"], to: "check" },
      { bytes: Buffer.from(runMarker(options.nonce)), from: ["setup", "check"], to: "run" },
      { bytes: Buffer.from(verdictMarker(options.nonce)), from: ["check"], to: "verdict" },
      { bytes: Buffer.from(cpuMarker(options.nonce)), from: ["setup", "check"], to: "cpu" }
    ];
  }
  /** The line a checker wrote after the verdict marker, if one did: the only verdict the candidate cannot forge. */
  get verdict() {
    return this.#verdict?.result().text;
  }
  get phase() {
    return this.#phase;
  }
  /** The driver's CPU stamp, once its line ended: read by the clock when the run begins. */
  get cpuStamp() {
    return this.#cpu === void 0 || this.#line === this.#cpu ? void 0 : this.#cpu.result().text;
  }
  /** What the driver and the checker wrote in the last phase before the run (set-up error, checker output). */
  get text() {
    return this.#text.result().text;
  }
  push(chunk) {
    if (this.#phase === "run") {
      this.#pushRun(chunk);
      return;
    }
    let data = Buffer.concat([this.#pending, chunk]);
    this.#pending = Buffer.alloc(0);
    for (; ; ) {
      if (this.#line) {
        const end = data.indexOf(NEWLINE);
        this.#line.push(end < 0 ? data : data.subarray(0, end));
        if (end < 0)
          return;
        this.#line = void 0;
        data = data.subarray(end + 1);
      }
      const at = data.indexOf(SEPARATOR);
      if (at < 0) {
        this.#text.push(data);
        return;
      }
      this.#text.push(data.subarray(0, at));
      const rest = data.subarray(at);
      const expected = this.#markers.filter((marker2) => marker2.from.includes(this.#phase));
      const marker = expected.find((m) => rest.subarray(0, m.bytes.length).equals(m.bytes));
      if (marker?.to === "run") {
        this.#phase = "run";
        this.#onRun();
        const after = rest.subarray(marker.bytes.length);
        if (after.length > 0)
          this.#pushRun(after);
        return;
      }
      if (marker?.to === "verdict" || marker?.to === "cpu") {
        this.#line = marker.to === "verdict" ? this.#verdict = new StreamCapture(MAX_VERDICT_BYTES) : this.#cpu = new StreamCapture(MAX_STAMP_BYTES);
        data = rest.subarray(marker.bytes.length);
      } else if (marker) {
        this.#phase = marker.to;
        this.#text = new StreamCapture(this.#maxTextBytes);
        data = rest.subarray(marker.bytes.length);
      } else if (expected.some((m) => rest.length < m.bytes.length && m.bytes.subarray(0, rest.length).equals(rest))) {
        this.#pending = Buffer.from(rest);
        return;
      } else {
        this.#text.push(rest.subarray(0, 1));
        data = rest.subarray(1);
      }
    }
  }
  /** The stream ended: a held-back partial marker was text after all. */
  end() {
    if (this.#pending.length > 0 && this.#phase === "run")
      this.#onRunOutput(this.#pending);
    else if (this.#pending.length > 0)
      this.#text.push(this.#pending);
    this.#pending = Buffer.alloc(0);
  }
  /** The results the driver sent after the command, when results were expected and came. */
  get results() {
    const results = this.#results;
    return results?.open ? { bytes: results.capture.kept(), truncated: results.capture.truncated } : void 0;
  }
  /** The candidate's stderr, until the results marker: then the results' tar. */
  #pushRun(chunk) {
    const results = this.#results;
    if (!results)
      return this.#onRunOutput(chunk);
    if (results.open)
      return results.capture.push(chunk);
    const data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = Buffer.alloc(0);
    const at = data.indexOf(results.marker);
    if (at >= 0) {
      if (at > 0)
        this.#onRunOutput(data.subarray(0, at));
      results.open = true;
      this.#onCommandEnd();
      results.capture.push(data.subarray(at + results.marker.length));
      return;
    }
    let held = Math.min(results.marker.length - 1, data.length);
    while (held > 0 && !results.marker.subarray(0, held).equals(data.subarray(data.length - held)))
      held--;
    if (data.length > held)
      this.#onRunOutput(data.subarray(0, data.length - held));
    this.#pending = Buffer.from(data.subarray(data.length - held));
  }
}
;
const SANDBOX_ID = 65534;
const SANDBOX_USER = `${SANDBOX_ID}:${SANDBOX_ID}`;
const policy_WORKDIR = "/work";
const HOME = "/tmp";
const SHM_BYTES = 4 * 1024 * 1024;
const OPEN_FILES = 256;
const PODMAN_NPROC = 4096;
const GVISOR_TASKS_PER_PROCESS = 24;
const GVISOR_TASKS_BASE = 256;
function isGvisor(runtime) {
  return runtime !== void 0 && /runsc|gvisor/i.test(runtime);
}
function processLimits(pidsLimit, runtime) {
  if (!isGvisor(runtime))
    return { cgroupPids: pidsLimit };
  return { cgroupPids: GVISOR_TASKS_BASE + pidsLimit * GVISOR_TASKS_PER_PROCESS, guestNproc: pidsLimit };
}
function setupTmpfs(tmpfs, workdir) {
  const scratch = tmpfs.find((mount) => mount.path === "/tmp");
  return [...tmpfs.filter((mount) => mount.path !== workdir), { ...scratch, path: "/var/tmp" }];
}
function lockDown(job, setup) {
  const { limits } = job;
  const size = limits.workdirBytes;
  const { cgroupPids, guestNproc } = processLimits(limits.pidsLimit, limits.runtime);
  const workdir = job.workdir ?? policy_WORKDIR;
  const tmpfs = [
    { path: workdir, bytes: size, exec: true, mode: "0700", ownedBySandbox: true },
    { path: "/tmp", bytes: size, exec: false, mode: "1777", ownedBySandbox: false }
  ];
  return {
    image: job.image,
    argv: driverArgv(driverCommand(job), job.check, job.tree, job.results, void 0, job.guard),
    labels: withOwner(job.labels),
    user: SANDBOX_USER,
    workdir,
    // The user site off as well: wherever HOME is, no Python process of the judge reads one. Python's
    // bytecode cache stays on: the sandbox is the candidate's alone and gone after it, a cache the run writes
    // is compiled from the files that run, and a suite that starts Python again (a subprocess, a worker)
    // imports the project from it rather than compiling it anew. A forged cache the candidate ships is
    // protect's (compiled code); PYTHONDONTWRITEBYTECODE never stopped its code writing one at run time.
    env: [`HOME=${HOME}`, "PYTHONNOUSERSITE=1", `SANDBOX_GATE_ATTEMPT=${job.attempt ?? 1}`],
    init: true,
    network: setup?.network ?? job.network ?? "none",
    memoryBytes: limits.memoryBytes,
    cpus: limits.cpus,
    cgroupPids,
    ulimits: [
      { name: "nofile", soft: OPEN_FILES, hard: OPEN_FILES },
      { name: "fsize", soft: size, hard: size },
      ...guestNproc === void 0 ? [] : [{ name: "nproc", soft: guestNproc, hard: guestNproc }]
    ],
    readOnlyRoot: setup === void 0,
    tmpfs: setup === void 0 ? tmpfs : setupTmpfs(tmpfs, workdir),
    shmBytes: SHM_BYTES,
    capDrop: "ALL",
    noNewPrivileges: true,
    logDriver: "none",
    ...limits.runtime ? { runtime: limits.runtime } : {}
  };
}
function tmpfsOptions(mount, dialect) {
  const owner = mount.ownedBySandbox ? [dialect === "podman" ? "U" : `uid=${SANDBOX_ID},gid=${SANDBOX_ID}`] : [];
  return [
    "rw",
    ...mount.exec ? ["exec"] : [],
    "nosuid",
    "nodev",
    `size=${mount.bytes}`,
    ...owner,
    `mode=${mount.mode}`
  ].join(",");
}
function ulimitsFor(policy, dialect) {
  const hasNproc = policy.ulimits.some((u) => u.name === "nproc");
  return dialect === "podman" && !hasNproc ? [...policy.ulimits, { name: "nproc", soft: PODMAN_NPROC, hard: PODMAN_NPROC }] : policy.ulimits;
}
function cliRunArgs(policy, name, dialect, verb = "run") {
  return [
    verb,
    ...["--name", name],
    ...Object.entries(policy.labels).flatMap(([key, value]) => ["--label", `${key}=${value}`]),
    // stdin stays open for the nonce and the tar.
    ...verb === "run" ? ["-i"] : [],
    ...policy.init ? ["--init"] : [],
    // Images are made ready before the first run (image.ts); a run never pulls.
    ...["--pull", "never"],
    ...["--log-driver", policy.logDriver],
    ...["--network", policy.network],
    ...["--memory", String(policy.memoryBytes)],
    ...["--memory-swap", String(policy.memoryBytes)],
    ...["--cpus", String(policy.cpus)],
    ...["--pids-limit", String(policy.cgroupPids)],
    ...ulimitsFor(policy, dialect).flatMap((u) => ["--ulimit", `${u.name}=${u.soft}:${u.hard}`]),
    ...policy.readOnlyRoot ? ["--read-only"] : [],
    // podman's --read-only also mounts writable tmpfs on /run, /tmp and /var/tmp unless told not to.
    ...policy.readOnlyRoot && dialect === "podman" ? ["--read-only-tmpfs=false"] : [],
    ...policy.tmpfs.flatMap((mount) => ["--tmpfs", `${mount.path}:${tmpfsOptions(mount, dialect)}`]),
    ...["--shm-size", String(policy.shmBytes)],
    ...["--cap-drop", policy.capDrop],
    ...["--security-opt", "no-new-privileges"],
    ...["--user", policy.user],
    ...["--workdir", policy.workdir],
    ...policy.env.flatMap((variable) => ["--env", variable]),
    ...policy.runtime ? ["--runtime", policy.runtime] : [],
    // Ends the options, so an image name can never be read as one.
    "--",
    policy.image,
    ...policy.argv
  ];
}
function withoutNetworkHook(names) {
  const bind2 = (source, target) => ({ Type: "bind", Source: source, Target: target, ReadOnly: true });
  return {
    config: { NetworkDisabled: true, Hostname: names.hostname },
    mounts: [
      bind2(names.hosts, "/etc/hosts"),
      bind2(names.resolvConf, "/etc/resolv.conf"),
      bind2(names.hostnameFile, "/etc/hostname")
    ]
  };
}
function apiCreateConfig(policy, names) {
  const hookless = names && policy.network === "none" ? withoutNetworkHook(names) : void 0;
  return {
    Image: policy.image,
    Cmd: policy.argv,
    Labels: policy.labels,
    User: policy.user,
    WorkingDir: policy.workdir,
    Env: policy.env,
    // `-i`: stdin open for the attach, closed for good once the attach closes it.
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: true,
    StdinOnce: true,
    Tty: false,
    ...hookless?.config,
    HostConfig: {
      Init: policy.init,
      RestartPolicy: { Name: "no" },
      LogConfig: { Type: policy.logDriver, Config: {} },
      NetworkMode: policy.network,
      Memory: policy.memoryBytes,
      MemorySwap: policy.memoryBytes,
      NanoCpus: Math.round(policy.cpus * 1e9),
      PidsLimit: policy.cgroupPids,
      Ulimits: policy.ulimits.map((u) => ({ Name: u.name, Soft: u.soft, Hard: u.hard })),
      ReadonlyRootfs: policy.readOnlyRoot,
      Tmpfs: Object.fromEntries(policy.tmpfs.map((mount) => [mount.path, tmpfsOptions(mount, "docker")])),
      ShmSize: policy.shmBytes,
      CapDrop: [policy.capDrop],
      SecurityOpt: ["no-new-privileges"],
      ...hookless ? { Mounts: hookless.mounts } : {},
      ...policy.runtime ? { Runtime: policy.runtime } : {}
    }
  };
}
;
const BLOCK = 512;
const RECORD = 20 * BLOCK;
const NAME_FIELD = 100;
const FILE_MODE = 420;
const DIR_MODE = 493;
const EXECUTABLE_MODE = 493;
const LINK_MODE = 511;
const BASE_MTIME = Date.UTC(2e3, 0, 1) / 1e3;
const ZEROS = new Uint8Array(RECORD);
const MAX_SIZE = 8 ** 11 - 1;
function tarPieces(files, options = {}) {
  const under2 = options.under === void 0 ? void 0 : pack_normalisePath(options.under);
  const placed = under2 === void 0 ? files : files.map((file) => ({ ...file, path: `${under2}/${pack_normalisePath(file.path)}` }));
  const entries = archiveEntries(placed, [
    ...under2 === void 0 ? [] : [under2],
    ...(options.dirs ?? []).map(pack_normalisePath)
  ]);
  const stamp = { owner: options.owner ?? 0, mtime: options.mtime ?? BASE_MTIME };
  const pieces = [];
  let size = 0;
  for (const entry of entries)
    for (const piece of entryPieces(entry, stamp)) {
      if (piece.byteLength === 0)
        continue;
      const padded = paddedSize(piece.byteLength);
      pieces.push(piece);
      if (padded > piece.byteLength)
        pieces.push(ZEROS.subarray(0, padded - piece.byteLength));
      size += padded;
    }
  const end = Math.ceil((size + 2 * BLOCK) / RECORD) * RECORD - size;
  for (let left2 = end; left2 > 0; left2 -= RECORD)
    pieces.push(ZEROS.subarray(0, Math.min(left2, RECORD)));
  return pieces;
}
function tarball(files, options = {}) {
  return Buffer.concat(tarPieces(files, options));
}
function pack_normalisePath(path2) {
  const checked = checkRelativePath(path2);
  if (!checked.ok)
    throw new Error(`sandbox file path ${JSON.stringify(path2)} ${checked.why}`);
  return checked.path;
}
function archiveEntries(files, made) {
  const entries = [];
  const dirs = /* @__PURE__ */ new Set();
  const filePaths = /* @__PURE__ */ new Set();
  for (const top of made)
    for (const dir of top.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))) {
      if (dirs.has(dir))
        continue;
      dirs.add(dir);
      entries.push({ kind: "dir", path: dir });
    }
  for (const file of files) {
    const path2 = pack_normalisePath(file.path);
    if (filePaths.has(path2))
      throw new Error(`sandbox file path ${JSON.stringify(file.path)} is given twice`);
    if (dirs.has(path2))
      throw new Error(conflict(path2));
    const segments = path2.split("/");
    for (let depth = 1; depth < segments.length; depth++) {
      const dir = segments.slice(0, depth).join("/");
      if (filePaths.has(dir))
        throw new Error(conflict(dir));
      if (!dirs.has(dir)) {
        dirs.add(dir);
        entries.push({ kind: "dir", path: dir });
      }
    }
    filePaths.add(path2);
    if (file.linkTarget !== void 0) {
      entries.push({ kind: "link", path: path2, target: file.linkTarget });
      continue;
    }
    const data = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
    if (data.byteLength > MAX_SIZE)
      throw new Error(`sandbox file ${JSON.stringify(path2)} is too large for tar`);
    entries.push({ kind: "file", path: path2, data, mode: file.executable ? EXECUTABLE_MODE : FILE_MODE });
  }
  return entries;
}
function conflict(path2) {
  return `sandbox file path ${JSON.stringify(path2)} is both a file and a directory`;
}
const TYPES = { file: "0", link: "2", dir: "5" };
function entryPieces(entry, { owner, mtime }) {
  const name = entry.kind === "dir" ? `${entry.path}/` : entry.path;
  const data = entry.kind === "file" ? entry.data : new Uint8Array(0);
  const nameBytes = Buffer.from(name, "utf8");
  const linkBytes = Buffer.from(entry.kind === "link" ? entry.target : "", "utf8");
  const pax = Buffer.concat([
    ...nameBytes.byteLength > NAME_FIELD ? [paxRecord("path", name)] : [],
    ...linkBytes.byteLength > NAME_FIELD ? [paxRecord("linkpath", entry.kind === "link" ? entry.target : "")] : []
  ]);
  const pieces = [];
  if (pax.byteLength > 0)
    pieces.push(header({ name: "././@PaxHeader", mode: FILE_MODE, size: pax.byteLength, type: "x", owner, mtime }), pax);
  pieces.push(header({
    name: nameBytes.subarray(0, NAME_FIELD),
    mode: entry.kind === "file" ? entry.mode : entry.kind === "dir" ? DIR_MODE : LINK_MODE,
    size: data.byteLength,
    type: TYPES[entry.kind],
    owner,
    mtime,
    link: linkBytes.subarray(0, NAME_FIELD)
  }), data);
  return pieces;
}
function paxRecord(key, value) {
  const body = Buffer.byteLength(` ${key}=${value}
`, "utf8");
  let length = body;
  while (body + String(length).length !== length)
    length = body + String(length).length;
  return Buffer.from(`${length} ${key}=${value}
`, "utf8");
}
function header(fields) {
  const block = Buffer.alloc(BLOCK);
  Buffer.from(fields.name).copy(block, 0, 0, NAME_FIELD);
  octal(block, 100, 8, fields.mode);
  octal(block, 108, 8, fields.owner);
  octal(block, 116, 8, fields.owner);
  octal(block, 124, 12, fields.size);
  octal(block, 136, 12, fields.mtime);
  block.write(fields.type, 156, "ascii");
  if (fields.link)
    Buffer.from(fields.link).copy(block, 157, 0, NAME_FIELD);
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of block)
    sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}
function octal(block, offset, width, value) {
  block.write(`${value.toString(8).padStart(width - 1, "0")}\0`, offset, "ascii");
}
function paddedSize(size) {
  return Math.ceil(size / BLOCK) * BLOCK;
}
;
const CANCELLED_BEFORE_START = "the run was cancelled before this candidate started";
const CANCELLED_WHILE_RUNNING = "the run was cancelled while this candidate ran";
const KILL_GRACE_MS = 1e4;
function containerName() {
  return `sandbox-gate-${(0, external_node_crypto_namespaceObject.randomBytes)(8).toString("hex")}`;
}
class OpeningEngine {
  /** Set by `abort()`: no run starts after it. */
  aborted = false;
  async run(job, hooks = {}) {
    const opening = openRun(job, hooks, this.aborted);
    if ("phase" in opening)
      return opening;
    const facts = await this.runOpened(job, hooks, opening);
    const ours = facts.sandboxError !== void 0 && facts.sandboxError !== CANCELLED_BEFORE_START;
    return this.aborted && ours ? { ...facts, sandboxError: CANCELLED_WHILE_RUNNING } : facts;
  }
}
class CliImages extends OpeningEngine {
  cli;
  constructor(cli2) {
    super();
    this.cli = cli2;
  }
  hasImage(image) {
    return this.cli.hasImage(image);
  }
  pull(image) {
    return this.cli.pull(image);
  }
  removeLabelled(label2) {
    return this.cli.removeLabelled(label2);
  }
}
function openRun(job, hooks, aborted2) {
  if (aborted2)
    return failedFacts(CANCELLED_BEFORE_START);
  const nonce = hooks.nonce ?? newNonce();
  try {
    const files = tarPieces(job.files, { mtime: Math.floor(Date.now() / 1e3) });
    return { nonce, input: driverInput(nonce, files, job.deleted) };
  } catch (error) {
    return failedFacts(`the files cannot be sent into the sandbox: ${error.message}`);
  }
}
const MAX_RESULTS_BYTES = 16 * 1024 * 1024;
function logCapture(job) {
  return job.keepLog === void 0 ? void 0 : new LogCapture(job.keepLog);
}
function outcomeOf(clock, streams, durationMs2, memoryAtTimeout) {
  const { parser } = clock;
  const { verdict, results } = parser;
  return {
    phase: parser.phase,
    text: parser.text,
    ...verdict !== void 0 && { verdict },
    ...results && { results },
    ...streams.log && { log: streams.log.result() },
    stdout: streams.stdout.result(),
    stderr: streams.stderr.result(),
    timedOut: clock.timedOut,
    stalled: clock.stalled,
    busy: clock.busy,
    ...clock.spent && { spent: clock.spent },
    durationMs: durationMs2,
    ...memoryAtTimeout && { memoryAtTimeout }
  };
}
function runFacts(binary, job, outcome2, ended) {
  const { exitCode, oomKilled } = ended;
  const sandboxError = sandboxErrorOf(binary, job, outcome2, ended);
  return {
    phase: outcome2.phase,
    exitCode,
    signal: signalOf(exitCode),
    timedOut: outcome2.timedOut,
    oomKilled,
    ...outcome2.memoryAtTimeout === void 0 ? {} : { memoryAtTimeout: outcome2.memoryAtTimeout },
    stdout: outcome2.stdout,
    stderr: outcome2.stderr,
    checkOutput: outcome2.phase === "check" ? outcome2.text : "",
    ...outcome2.phase === "check" && outcome2.verdict !== void 0 && { checkVerdict: outcome2.verdict },
    ...outcome2.results && { results: outcome2.results },
    ...outcome2.log && { log: outcome2.log },
    durationMs: outcome2.durationMs,
    ...outcome2.spent && { cpuMs: outcome2.spent.cpuMs },
    ...outcome2.spent?.waitedMs !== void 0 && { waitedMs: outcome2.spent.waitedMs },
    ...sandboxError === void 0 ? {} : { sandboxError }
  };
}
function sandboxErrorOf(binary, job, { phase, text, stalled, busy, durationMs: durationMs2, spent }, { exitCode, aborted: aborted2, stateError }) {
  if (aborted2)
    return CANCELLED_WHILE_RUNNING;
  if (busy) {
    const waited = spent?.waitedMs === void 0 ? "" : `: it was made to wait ${seconds(spent.waitedMs)} of ${seconds(durationMs2)} for a CPU`;
    return `the machine was too busy to judge it${waited}`;
  }
  if (stalled && phase === "run") {
    return `the engine did not end the run within the wall-clock backstop, although every process of the candidate had ended`;
  }
  if (stalled) {
    return `the container did not start within ${(job.limits.timeoutMs + START_GRACE_MS) / 1e3} s (still in ${phase})`;
  }
  if (phase === "setup") {
    return `the sandbox did not start: ${engineMessage(text) || stateError || `${binary} exited with code ${exitCode}`}`;
  }
  if (phase === "check" && (exitCode === 126 || exitCode === 127)) {
    return `the parse check ${job.check?.[0] ?? ""} cannot run in ${job.image}: ${engineMessage(text)}`;
  }
  if (exitCode !== 0 && stateError !== void 0) {
    return `the container's state could not be read after it ended with code ${exitCode}: ${stateError}`;
  }
  return void 0;
}
function engineMessage(text) {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "" && !/^(See|Run) '.*--help'/.test(line)).slice(0, 3).map((line) => line.length > 500 ? `${line.slice(0, 500)}\u2026` : line).join("\n");
}
function signalOf(exitCode) {
  if (exitCode === null || exitCode <= 128)
    return null;
  const number = exitCode - 128;
  return Object.entries(external_node_os_namespaceObject.constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}
function failedFacts(sandboxError) {
  const empty = () => ({ text: "", truncated: false, bytes: 0 });
  return {
    phase: "setup",
    exitCode: null,
    signal: null,
    timedOut: false,
    oomKilled: false,
    stdout: empty(),
    stderr: empty(),
    checkOutput: "",
    durationMs: 0,
    sandboxError
  };
}
function tracked(inFlight, work) {
  const held = work.finally(() => inFlight.delete(held));
  inFlight.add(held);
  return held;
}
const REMOVAL_RETRY_MS = 250;
class Removals {
  removeOne;
  #pending = /* @__PURE__ */ new Set();
  #failed = [];
  /** `removeOne` resolves once the container is gone (one already gone included), rejects with the reason otherwise. */
  constructor(removeOne) {
    this.removeOne = removeOne;
  }
  /**
   * Removes `name` (with its anonymous volumes); `gone` once it is; a refusal is reported by `settle()`.
   * A refusal is tried once more after REMOVAL_RETRY_MS: dockerd refuses a forced removal that meets the
   * container's own exit ("Could not kill running container …, cannot remove - Container … is not running")
   * and leaves it "Removal In Progress" until asked again (seen in a suite run, docker 28.2).
   */
  remove(name, gone = () => {
  }) {
    const once = () => this.removeOne(name);
    const removal = once().catch(() => new Promise((resolve2) => setTimeout(resolve2, REMOVAL_RETRY_MS)).then(once)).then(gone, (error) => void this.#failed.push(`${name}: ${error.message}`));
    void tracked(this.#pending, removal);
  }
  /** Waits until no removal, nor any of `also` (work that may start more), is pending; returns the failures since the last call. */
  async settle(also = () => []) {
    for (let more = [...this.#pending, ...also()]; more.length > 0; more = [...this.#pending, ...also()])
      await Promise.all(more);
    return this.#failed.splice(0);
  }
}
const seconds = (ms) => `${(ms / 1e3).toFixed(1)} s`;
;
const RUN_TREE_DIR = "/sandbox-gate/base";
const RUN_TREE = `${RUN_TREE_DIR}/tree.tar`;
const SANDBOX_UID = 65534;
const STEP_TIMEOUT_MS = 10 * 6e4;
const SETUP_DRIVER = String.raw`setup=$1
own=$3
cd "$2" || exit 125
if [ -n "$own" ]; then
  base=
  for entry in * .[!.]* ..?*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "
$4
" in *"
$entry
"*) ;; *) base=1; break ;; esac
  done
  [ -n "$base" ] || { echo "sandbox-gate: the image holds nothing at $PWD to judge on (is it the environment the line names?)" >&2; exit 125; }
fi
sh -c "$setup" || { code=$?; [ "$code" -ne 125 ] || code=1; exit "$code"; }
if [ -n "$own" ]; then set -- --exclude=./.git; else set --; fi
tar -c -f ${RUN_TREE} "$@" . || {
  echo "sandbox-gate: could not keep the work dir $PWD (is everything in it readable by nobody?)" >&2
  exit 125
}
# Our own files, in the container's layer with what the setup made, once archived are removed, so that the run
# image holds the tree once (its commit, a sys-heavy untar of the layer, costs with every file). What cannot
# be removed (in a directory nobody may write) stays, unread: the candidates' work dir is a tmpfs over it. One
# rm for all: it goes on past what it cannot remove; an exec an entry cost 2–3 ms on a host with page-table
# isolation. An image's own work dir is left as the image has it.
[ -n "$own" ] || rm -rf -- * .[!.]* ..?* 2>/dev/null || :
`;
async function buildRunImage(steps, spec) {
  const name = containerName();
  const tag = `sandbox-gate/run-${(0, external_node_crypto_namespaceObject.randomBytes)(6).toString("hex")}:base`;
  const { workdir } = spec;
  const setup = spec.setup ?? (workdir === void 0 ? void 0 : { command: "true", network: "none", timeoutMs: STEP_TIMEOUT_MS });
  const job = {
    image: spec.image,
    files: [],
    command: setup?.command ?? "true",
    limits: { ...spec.limits, timeoutMs: setup?.timeoutMs ?? spec.limits.timeoutMs },
    labels: spec.labels,
    ...workdir !== void 0 && { workdir }
  };
  const base = lockDown(job, { network: setup?.network ?? "none" });
  const policy = {
    ...base,
    argv: [
      "sh",
      "-c",
      SETUP_DRIVER,
      "sandbox-gate-setup",
      job.command,
      base.workdir,
      workdir === void 0 ? "" : "image",
      [...new Set(spec.files.map((file) => file.path.split("/")[0]))].join("\n")
    ],
    // Caches out of the work dir: a setup's downloads are not copied into every candidate.
    env: [...base.env, "XDG_CACHE_HOME=/tmp/.cache", "npm_config_cache=/tmp/.npm"]
  };
  const fail2 = (step, why) => ({ ok: false, reason: `${step}: ${why}` });
  const created = await steps.create(name, policy);
  if (created !== void 0)
    return fail2(`the run image could not be started from ${spec.image}`, created);
  try {
    const tree = RUN_TREE_DIR.slice(1);
    const archive = !setup ? tarball([{ path: RUN_TREE.slice(RUN_TREE_DIR.length + 1), content: tarball(spec.files) }], { under: tree }) : workdir !== void 0 && spec.files.length === 0 ? tarball([], { under: tree, owner: SANDBOX_UID }) : tarball(spec.files, { under: (workdir ?? policy_WORKDIR).slice(1), owner: SANDBOX_UID, dirs: [tree] });
    const copied = await steps.copy(name, archive, STEP_TIMEOUT_MS);
    if (copied !== void 0)
      return fail2("the base tree could not be copied into the run image", copied);
    const ran = setup ? await runSetup(steps, name, setup, spec.limits.maxOutputBytes) : void 0;
    if (ran && !ran.ok)
      return ran;
    const committed = await steps.commit(name, tag, withOwner(spec.labels), STEP_TIMEOUT_MS);
    if ("failed" in committed)
      return fail2("the run image could not be committed", committed.failed);
    return { ok: true, image: tag, ...committed.id && { id: committed.id }, ...ran && { setup: ran.setup } };
  } finally {
    await steps.remove(name);
  }
}
async function runSetup(steps, name, setup, maxOutputBytes) {
  const started = performance.now();
  const ended = await steps.start(name, setup.timeoutMs, maxOutputBytes);
  const { output } = ended;
  if ("timedOut" in ended)
    return { ok: false, reason: `the setup did not finish within ${setup.timeoutMs / 1e3} s`, output, bySetup: true };
  if ("failed" in ended)
    return { ok: false, reason: `the setup's container failed: ${ended.failed}`, output };
  if (ended.code === 125)
    return { ok: false, reason: output.trim().split("\n").at(-1) || "the setup's container failed (exit 125)", output };
  if (ended.code !== 0)
    return { ok: false, reason: `the setup exited with code ${ended.code}`, output, bySetup: true };
  return { ok: true, setup: { durationMs: Math.round(performance.now() - started), output } };
}
;
const GUARD = String.raw`# sandbox-gate's end guard: the sitecustomize.py the sandbox driver puts first on PYTHONPATH for the test
# command, so that a test program that exits 0 before its tests ended is never a pass (python-guard.ts says
# why it is built this way). Every Python program the command starts itself (not one a Python program starts)
# forks here, before any of the program's code runs: the parent is the watcher, which runs none of it and
# exits as the program did, but with 1 when the program exited 0 without saying, with the token only this
# process holds, that it reached its end. Parses in Python 2 (it does nothing there).
import sys


def _sandbox_gate_guard(workdir, code):
    import os

    if sys.version_info < (3, 5):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    # The program's own children start without us, and its sys.path does not show us.
    entries = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    rest = os.pathsep.join(entries[1:]) if entries and os.path.abspath(entries[0] or ".") == here else None
    if rest is not None and rest:
        os.environ["PYTHONPATH"] = rest
    elif rest is not None:
        del os.environ["PYTHONPATH"]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    token = os.urandom(16)
    try:
        r, w = os.pipe()
        child = os.fork()
    except OSError as e:
        os.write(2, ("sandbox-gate: the end guard could not start the program: %s\n" % e).encode())
        os._exit(125)
    if child != 0:
        _watch(child, r, w, token)
    os.close(r)
    _guard_end(w, token, os.path.realpath(workdir), code)
    # The image's own sitecustomize, if it has one, runs as it would have without us, in our place.
    # The importer's own frozen modules, loaded already: importlib's wrappers would cost an import each.
    from _frozen_importlib import module_from_spec
    from _frozen_importlib_external import PathFinder

    spec = PathFinder.find_spec("sitecustomize", sys.path)
    if spec is not None and spec.loader is not None:
        module = module_from_spec(spec)
        sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)


def _watch(child, r, w, token):
    """The watcher: waits for the program, then exits as it did. Never returns, runs nothing of it."""
    import os
    import _signal as signal

    os.close(w)
    for fd in (0, 1):
        try:
            os.close(fd)
        except OSError:
            pass

    def forward(signum, frame):
        try:
            os.kill(child, signum)
        except OSError:
            pass

    for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"):
        signal.signal(getattr(signal, name), forward)
    while True:
        try:
            status = os.waitpid(child, 0)[1]
            break
        except InterruptedError:
            continue
    said = b""
    os.set_blocking(r, False)
    try:
        while len(said) < 65536:
            piece = os.read(r, 65536)
            if not piece:
                break
            said += piece
    except OSError:
        pass
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    code = os.WEXITSTATUS(status)
    if code == 0 and (b"E" + token) not in said:
        early = said.split(b"X" + token, 1)
        how = early[1].split(b"\n", 1)[0].decode("utf-8", "replace") if len(early) > 1 else (
            "it exited 0 without reaching its end (os._exit, an exec or a signal from the code it ran)"
        )
        os.write(2, ("\nsandbox-gate: the tests did not run to their end: %s\n" % how).encode("utf-8", "replace"))
        os._exit(1)
    os._exit(code)


def _guard_end(w, token, workdir, code):
    """In the program: say at its end whether it got there, or which of the candidate's lines exited early."""
    import os
    import atexit
    from _thread import get_ident

    files = set(os.path.join(workdir, path) for path in code)
    lines = set()
    for path in files:
        try:
            with open(path, "rb") as f:
                text = f.read(4 << 20).decode("utf-8", "replace")
        except OSError:
            continue
        lines.update(line.strip() for line in text.splitlines() if len(line.strip()) >= 4)
    main_thread = get_ident()
    exits = []

    def record(e, frame):
        if get_ident() != main_thread:
            return
        stack = []
        while frame is not None and len(stack) < 200:
            stack.append((frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name))
            frame = frame.f_back
        exits.append((e, stack))

    def exit(*status):
        e = SystemExit(*status)
        record(e, sys._getframe(1))
        raise e

    exit.__doc__ = sys.exit.__doc__
    sys.exit = exit
    quitter = getattr(__import__("_sitebuiltins"), "Quitter", None)
    if quitter is not None:

        def call(self, code=None):
            try:
                sys.stdin.close()
            except BaseException:
                pass
            e = SystemExit(code)
            record(e, sys._getframe(1))
            raise e

        quitter.__call__ = call

    def inside(path):
        path = os.path.realpath(path)
        return path == workdir or path.startswith(workdir + os.sep)

    def candidates(stack):
        """The first of the candidate's frames on an exit's stack, when code the tests call made it."""
        import linecache

        main = os.path.realpath(getattr(sys.modules.get("__main__"), "__file__", None) or "-")
        # The candidate's own program: its exit is its end.
        if main in files:
            return None
        for path, line, name in stack:
            if not path or path.startswith("<") or not inside(path):
                continue
            real = os.path.realpath(path)
            if name == "<module>" and real == main:
                return None
            # A program the command made of the candidate's files ("cat a b > program.py"): the exit's line
            # and one beside it are the candidate's, so a runner's own "sys.exit(0)" is not taken for one.
            near = [linecache.getline(path, n).strip() for n in (line - 1, line + 1)]
            if real in files or (linecache.getline(path, line).strip() in lines and any(n in lines for n in near)):
                return "%s:%d (in %s)" % (os.path.relpath(real, workdir), line, name)
        return None

    def at_end():
        for e, stack in reversed(exits):
            tb = e.__traceback__
            # The exit that ended the program: CPython drops its traceback once it has read its code, or
            # (as other versions may) the traceback reaches the outermost frame, which did nothing after it.
            # One that was caught keeps the traceback to the frame that caught it.
            if tb is not None and (tb.tb_frame.f_back is not None or tb.tb_lasti != tb.tb_frame.f_lasti):
                continue
            where = candidates(stack)
            if where is not None:
                os.write(w, b"X" + token + ("sys.exit(%r) called at %s, code the tests call\n" % (e.code, where)).encode())
                return
            break
        os.write(w, b"E" + token)

    atexit.register(at_end)`;
function pythonEndGuard(workdir, code) {
  return `${GUARD}
_sandbox_gate_guard(${JSON.stringify(workdir)}, ${JSON.stringify(code)})
del _sandbox_gate_guard, _watch, _guard_end
`;
}
;
const external_node_perf_hooks_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:perf_hooks");
;
const CLI_OUTPUT_BYTES = 1024 * 1024;
const CLI_CALL_TIMEOUT_MS = 6e4;
function cli(binary, args, options = {}) {
  const { timeoutMs = CLI_CALL_TIMEOUT_MS, input, maxOutputBytes = CLI_OUTPUT_BYTES } = options;
  return new Promise((resolve2) => {
    const stdout = new StreamCapture(maxOutputBytes);
    const stderr = new StreamCapture(maxOutputBytes);
    const child = (0, external_node_child_process_namespaceObject.spawn)(binary, args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    let late = false;
    const deadline = setTimeout(() => {
      late = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    if (input) {
      child.stdin.on("error", () => {
      });
      child.stdin.end(input);
    }
    child.stdout.on("data", (chunk) => stdout.push(chunk));
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    const result = (code, error, timedOut) => ({
      code,
      stdout: stdout.result().text,
      stderr: stderr.result().text,
      ...error ? { error } : {},
      ...timedOut ? { timedOut } : {}
    });
    child.on("error", (error) => {
      clearTimeout(deadline);
      resolve2(result(null, error));
    });
    child.on("close", (code, signal) => {
      clearTimeout(deadline);
      const timedOut = late && code === null && signal === "SIGKILL";
      if (!timedOut)
        return resolve2(result(code));
      resolve2(result(code, new Error(`${binary} ${args[0]} did not answer within ${timeoutMs / 1e3} s`), true));
    });
  });
}
function describeFailure(result) {
  return engineMessage(result.stderr) || result.error?.message || `exit code ${result.code}`;
}
;
const REMOVE_TIMEOUT_MS = 10 * 6e4;
async function ensureImage(engine, image, policy, options) {
  const started = external_node_perf_hooks_namespaceObject.performance.now();
  const elapsed = () => Math.round(external_node_perf_hooks_namespaceObject.performance.now() - started);
  let present;
  try {
    present = await engine.hasImage(image);
  } catch (error) {
    if (policy !== "always")
      return { ok: false, reason: messageOf(error) };
    present = true;
  }
  if (policy !== "always") {
    if (present)
      return { ok: true, pulled: false, existed: true, ms: elapsed() };
    if (policy === "never")
      return { ok: false, reason: `image ${image} is missing and pull is "never"` };
  }
  const delays = backoffDelays(options.retries, options.backoffMs);
  const attempts = delays.length + 1;
  let lastError = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    options.log(`pulling ${image}${attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : ""}`);
    try {
      await engine.pull(image);
      options.log(`pulled ${image} in ${elapsed()} ms`);
      return { ok: true, pulled: true, existed: present, ms: elapsed() };
    } catch (error) {
      lastError = messageOf(error);
    }
    const delay = delays[attempt - 1];
    if (delay !== void 0) {
      options.log(`${lastError}; retrying in ${delay} ms`);
      await (0, promises_namespaceObject.setTimeout)(delay);
    }
  }
  return { ok: false, reason: `${lastError} (${attempts} attempt${attempts > 1 ? "s" : ""})` };
}
function backoffDelays(retries, backoffMs) {
  return Array.from({ length: Math.max(0, Math.floor(retries)) }, (_, i) => backoffMs * 2 ** i);
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
async function removeImage(binary, image, force = false) {
  const removed = await cli(binary, ["rmi", ...force ? ["-f"] : [], "--", image], { timeoutMs: REMOVE_TIMEOUT_MS });
  return removed.code === 0 || /no such image|image not known/i.test(removed.stderr) ? void 0 : `${image}: ${describeFailure(removed)}`;
}
function removePulledImage(binary, image) {
  return removeImage(binary, image);
}
async function imageIdOf(binary, image) {
  const found = await cli(binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
  return found.code === 0 ? found.stdout.trim() || void 0 : void 0;
}
;
const PULL_AHEAD = 2;
function imagePlan(images, ahead = PULL_AHEAD) {
  const distinct = [];
  const uses = /* @__PURE__ */ new Map();
  const reached = [];
  for (const image of images) {
    if (image !== void 0) {
      if (!uses.has(image))
        distinct.push(image);
      uses.set(image, (uses.get(image) ?? 0) + 1);
    }
    reached.push(distinct.length);
  }
  const upTo = (count) => Math.min(distinct.length, count);
  return {
    first: distinct.slice(0, upTo(ahead)),
    at: reached.map((count, p) => distinct.slice(upTo((p === 0 ? 0 : reached[p - 1]) + ahead), upTo(count + ahead))),
    uses
  };
}
function line_images_runOwnImages(settings) {
  const services = settings.run.services.map((service) => service.image);
  return new Set([settings.run.image, ...Object.values(LANGUAGES).map((language) => language.image), ...services].filter(Boolean));
}
function ownImagesOnly(own, nameFiles) {
  return (policy) => own.has(policy.image) ? nameFiles(policy) : Promise.resolve(void 0);
}
function line_images_lineImage(item, own) {
  const image = "status" in item ? void 0 : item.overrides?.image;
  return image === void 0 || own.has(image) ? void 0 : image;
}
function line_images_firstRunImage(first, settings) {
  if (first === void 0 || "status" in first || first.overrides?.image)
    return void 0;
  return settings.run.image || void 0;
}
class line_images_LineImages {
  images;
  hands;
  warn;
  #plan;
  #left;
  /** `images`: each line's own image in judging order (lineImage). */
  constructor(images, hands, warn, ahead = PULL_AHEAD) {
    this.images = images;
    this.hands = hands;
    this.warn = warn;
    this.#plan = imagePlan(images, ahead);
    this.#left = new Map(this.#plan.uses);
  }
  /** Before the first line: the first images start pulling. */
  start() {
    this.#ask(this.#plan.first);
  }
  /** As the line at `position` of the judging order starts: the images ahead of it start pulling. */
  starting(position) {
    this.#ask(this.#plan.at[position] ?? []);
  }
  /** As the line at `position` is done: its image is released once no line still needs it. */
  async done(position) {
    const image = this.images[position];
    if (image === void 0)
      return;
    const left2 = (this.#left.get(image) ?? 1) - 1;
    this.#left.set(image, left2);
    if (left2 > 0 || !this.hands.releaseImage)
      return;
    for (const failure of await this.hands.releaseImage(image))
      this.warn(`sandbox-gate: a run image made from the line image ${image} could not be removed: ${failure}`);
  }
  #ask(images) {
    for (const image of images)
      void this.hands.prepareImage(image);
  }
}
class ImageGate {
  engine;
  policy;
  log;
  remover;
  keep;
  idOf;
  #ready = /* @__PURE__ */ new Map();
  /** Removals that failed (a container still held the image): tried again at the next release and at close. */
  #pending = /* @__PURE__ */ new Set();
  constructor(engine, policy, log, remover, keep = /* @__PURE__ */ new Set(), idOf2 = async () => void 0) {
    this.engine = engine;
    this.policy = policy;
    this.log = log;
    this.remover = remover;
    this.keep = keep;
    this.idOf = idOf2;
  }
  /** Resolves when `image` is ready; the reason when it cannot be (pull failed, missing with pull: never). */
  prepare = async (image) => {
    let pending = this.#ready.get(image);
    if (!pending) {
      pending = ensureImage(this.engine, image, this.policy, { retries: 3, backoffMs: 1e3, log: this.log }).then((outcome3) => {
        if (outcome3.ok && !outcome3.pulled)
          this.log(`image ${image}: present`);
        return outcome3;
      });
      this.#ready.set(image, pending);
    }
    const outcome2 = await pending;
    if (!outcome2.ok)
      return outcome2.reason;
    return void 0;
  };
  /**
   * `image` is needed no more: removed if this run pulled it. A removal that fails (a container kept warm
   * still holds the image) is tried again at the next release and at close, which reports it.
   */
  async release(image) {
    const pending = this.#ready.get(image);
    this.#ready.delete(image);
    const earlier = [...this.#pending];
    this.#pending.clear();
    const ours = pending && this.#pulledHere(await pending, image) ? [image] : [];
    await Promise.all([...earlier, ...ours].map((name) => this.#remove(name)));
  }
  /** At the run's end, after its containers: every image this run pulled and still holds. Returns the failures. */
  async close() {
    const held = await Promise.all([...this.#ready].map(async ([image, pending]) => this.#pulledHere(await pending, image) ? [image] : []));
    this.#ready.clear();
    const names = [.../* @__PURE__ */ new Set([...this.#pending, ...held.flat()])];
    this.#pending.clear();
    const failures = await Promise.all(names.map((image) => this.remover(image)));
    return failures.filter((failure) => failure !== void 0);
  }
  #pulledHere(outcome2, image) {
    return this.remover !== void 0 && outcome2.ok && outcome2.pulled && !outcome2.existed && !this.keep.has(image);
  }
  async #remove(image) {
    const id = await this.idOf(image);
    if (id !== void 0) {
      const others = await Promise.all([...this.#ready.keys()].map((other) => this.idOf(other)));
      if (others.includes(id)) {
        this.#pending.add(image);
        return;
      }
    }
    const failure = await this.remover(image);
    if (failure === void 0)
      this.log(`image ${image}: removed (pulled by this run, needed by no line left)`);
    else
      this.#pending.add(image);
  }
}
;
const COUNT = { type: "integer", minimum: 0 };
const STATUS = { enum: statuses_STATUSES };
const report_RESOLVED = ["full", "partial", "no"];
const TESTS = {
  type: "object",
  description: "Per-test results read back from the JUnit XML files that `test-results` names (added for the next release).",
  properties: {
    counts: {
      type: "object",
      description: "How many test cases ended each way.",
      properties: {
        passed: { ...COUNT, description: "Test cases that passed." },
        failed: { ...COUNT, description: "Test cases that failed an assertion." },
        error: { ...COUNT, description: "Test cases that ended with an error other than a failed assertion." },
        skipped: { ...COUNT, description: "Test cases that were skipped." }
      },
      required: ["passed", "failed", "error", "skipped"]
    },
    cases: {
      type: "array",
      description: "Every test case, in the order the files list them.",
      items: {
        type: "object",
        properties: {
          id: declare_text("Stable id of the test case, as `compare` lists it."),
          name: declare_text("The test case's name."),
          classname: declare_text("The test case's class or suite name."),
          file: declare_text("The file the test case is in, when the XML says."),
          line: { type: "integer", minimum: 1, description: "The line the test case starts on, when the XML says." },
          status: { enum: ["passed", "failed", "error", "skipped"], description: "How the test case ended." },
          message: declare_text("The failure's or error's message."),
          duration_ms: { ...COUNT, description: "How long the test case ran, in milliseconds." },
          flaky: {
            type: "boolean",
            description: "With `reruns`: true when the test case failed in one attempt and passed in another."
          }
        },
        required: ["id", "name", "status"]
      }
    }
  },
  required: ["counts", "cases"]
};
const TEST_IDS = { type: "array", items: { type: "string" } };
const LISTED_TESTS = {
  type: "object",
  description: "One list's test ids, each in one of the two.",
  properties: {
    passed: { ...TEST_IDS, description: "The listed tests that passed." },
    not_passed: {
      ...TEST_IDS,
      description: "The listed tests that did not pass: failed, errored, skipped, missing, or never run."
    }
  },
  required: ["passed", "not_passed"]
};
const RESULT_SCHEMA = {
  type: "object",
  description: "One judged candidate.",
  properties: {
    id: {
      type: "string",
      description: "The candidate's id: the comment's (`comment-\u2026`, `review-\u2026`, `review-comment-\u2026`), the file's path, or the dataset line's `id`."
    },
    source: {
      type: "string",
      description: "Where the candidate came from, as a user would look it up: a comment URL, a path, or `path:line`."
    },
    url: declare_text("The comment's URL, for candidates from a pull request."),
    author: declare_text("The login of the comment's author, for candidates from a pull request."),
    language: {
      type: ["string", "null"],
      description: "The language the candidate was judged as (`python`, `javascript`, `typescript`, `bash`, `php`, \u2026); null when it could not be told."
    },
    status: { ...STATUS, description: `The verdict: the first that matches, in this order: ${statuses_STATUSES.join(", ")}.` },
    exit_code: {
      type: ["integer", "null"],
      description: "The test command's exit code; null when it did not run or the engine could not tell."
    },
    signal: {
      type: ["string", "null"],
      description: "The signal that crashed the test command (`SIGSEGV`, \u2026), for `test_failed` only; null otherwise."
    },
    duration_ms: { ...COUNT, description: "Wall-clock time of the run, in milliseconds; 0 when nothing ran." },
    cpu_ms: {
      ...COUNT,
      description: "CPU time the candidate's processes used, in milliseconds, from its sandbox's cgroup; absent where the engine cannot read it (docs/judging.md, Time)."
    },
    stdout: declare_text("The test command's standard output, capped at `max-output` bytes; for a `test_failed` whose own set-up failed (its change touched `setup-inputs`), the setup's output, the test command not having run."),
    stderr: declare_text("The test command's standard error, capped at `max-output` bytes."),
    truncated: {
      type: "object",
      description: "Whether each stream was cut at `max-output`.",
      properties: {
        stdout: { type: "boolean", description: "Whether `stdout` was cut." },
        stderr: { type: "boolean", description: "Whether `stderr` was cut." }
      },
      required: ["stdout", "stderr"]
    },
    feedback: {
      type: "string",
      description: "The message to hand back to the model for this status; empty for `pass`."
    },
    syntax: {
      type: "object",
      description: "Where and why the code does not parse, for `syntax_error`.",
      properties: {
        message: declare_text("The parser's message."),
        file: declare_text("The file that does not parse, relative to the work dir."),
        line: { type: "integer", minimum: 1, description: "The line of the error, when the parser says." },
        column: { type: "integer", minimum: 1, description: "The column of the error, when the parser says." }
      },
      required: ["message"]
    },
    changed_files: {
      type: "array",
      items: { type: "string" },
      description: "The files a patch changed, for patch candidates."
    },
    patch_strategy: {
      type: "string",
      description: "How hard the patch had to be pushed to apply (`exact`, `offset`, `fuzz`), for patch candidates."
    },
    tests: TESTS,
    compare: {
      type: "object",
      description: "With `compare: base`: test ids by how they went on the base tree and with the candidate (added for the next release).",
      properties: {
        fail_to_pass: { ...TEST_IDS, description: "Tests that failed on the base and pass with the candidate." },
        pass_to_pass: { ...TEST_IDS, description: "Tests that pass on both." },
        pass_to_fail: {
          ...TEST_IDS,
          description: "Tests that pass on the base and fail with the candidate: what it broke."
        },
        fail_to_fail: { ...TEST_IDS, description: "Tests that fail on both: not the candidate's doing." },
        new_failing: { ...TEST_IDS, description: "Failing tests the base does not have." },
        new_passing: { ...TEST_IDS, description: "Passing tests the base does not have." }
      }
    },
    attempts: {
      type: "array",
      description: "With `reruns`: every attempt, each in a fresh container, in order (added for the next release).",
      items: {
        type: "object",
        properties: {
          status: { ...STATUS, description: "The attempt's status." },
          duration_ms: { ...COUNT, description: "The attempt's wall-clock time, in milliseconds." }
        },
        required: ["status", "duration_ms"]
      }
    },
    flaky: {
      type: "boolean",
      description: "With `reruns`: whether the attempts disagreed (added for the next release)."
    },
    retried: {
      type: "boolean",
      description: "True when a `sandbox_error` of ours (an engine hiccup, a container that could not start) was retried once in a fresh container; `notes` says what failed (added for the next release)."
    },
    notes: {
      type: "array",
      items: { type: "string" },
      description: "What the reader must know beside the verdict: test results that could not be read, a void comparison, a retry (added for the next release)."
    },
    task: declare_text("The dataset line's `task`: the problem several samples answer, for pass@k (added for the next release)."),
    cached: {
      type: "boolean",
      description: "True for a verdict carried over from an earlier run instead of judged again (added for the next release)."
    },
    protected: {
      type: "array",
      items: { type: "string" },
      description: "The files `protect` covers that the candidate changed, deleted or added, sorted; the base's versions of them are what ran, and `notes` says how that run ended (added for the next release)."
    },
    resolved: {
      enum: report_RESOLVED,
      description: "For a dataset line with `fail_to_pass`/`pass_to_pass`: SWE-bench's verdict. `full` when every listed test passed, `partial` when some of `fail_to_pass` and all of `pass_to_pass` did, `no` otherwise (a listed test missing or skipped has not passed); `status` is `pass` only when `full`. Absent for our failures (`sandbox_error`)."
    },
    tampering: {
      type: "array",
      items: {
        type: "object",
        properties: {
          file: declare_text("The candidate's file, relative to the work dir."),
          line: { ...COUNT, description: "The line, from 1." },
          what: declare_text("What the code reaches of the judge, in words.")
        },
        required: ["file", "line", "what"]
      },
      description: "The candidate's own code that reaches into the judge (assigns to the test framework or the interpreter's exit, defines the runner's hooks outside conftest.py, replaces modules in `sys.modules`, an always-true comparison, a process that outlives the runner), found before it ran; with `tampering` in `fail-on`, such a `pass` is `test_failed` (added for the release after that)."
    },
    repo: declare_text("The dataset line's `repo` (`owner/name`): the per-repository counts of the summary go by it (added for the release after that)."),
    model: declare_text("The dataset line's `model` (SWE-bench's `model_name_or_path`): whose prediction the line is (added for the release after that)."),
    listed: {
      type: "object",
      description: "For a dataset line with `fail_to_pass`/`pass_to_pass`: its listed tests by how they went, as `resolved` read them (a test missing or skipped has not passed; nothing has passed in a run that never reached its tests). SWE-bench's `tests_status` is written from it (added for the release after that).",
      properties: {
        fail_to_pass: LISTED_TESTS,
        pass_to_pass: LISTED_TESTS
      },
      required: ["fail_to_pass", "pass_to_pass"]
    },
    empty_patch: {
      const: true,
      description: "For a patch line whose patch is empty (SWE-bench's empty `model_patch`): nothing was proposed (added for the release after that)."
    },
    fingerprint: {
      type: "string",
      pattern: "^[0-9a-f]{64}$",
      description: "SHA-256 of the dataset line's content and of what changes verdicts (the `tests` files, the run settings, the limits, the gate's version): `resume` carries a result over only to a line with the same id and fingerprint (added for the release after that)."
    }
  },
  required: [
    "id",
    "source",
    "language",
    "status",
    "exit_code",
    "signal",
    "duration_ms",
    "stdout",
    "stderr",
    "truncated",
    "feedback"
  ]
};
const report_SKIPPED_SCHEMA = {
  type: "object",
  description: "A candidate left out by the `max-candidates` quota, or a comment that is no agent's reply (no code, its author matched only by a wildcard in `authors`): listed, never run.",
  properties: {
    id: declare_text("The candidate's id, as a result would have it."),
    source: declare_text("Where the candidate came from, as a result would have it."),
    url: declare_text("The comment's URL, for candidates from a pull request."),
    reason: declare_text("Why it was not run.")
  },
  required: ["id", "source", "reason"]
};
const SHARD_SCHEMA = {
  type: "object",
  description: "The slice of the candidates this run judged, with `shard: index/count`; merge checks every slice came, once.",
  properties: {
    index: { type: "integer", minimum: 1, description: "This slice, from 1 to `count`." },
    count: { type: "integer", minimum: 1, description: "How many slices the candidates were split into." }
  },
  required: ["index", "count"]
};
const BY_STATUS = Object.fromEntries(statuses_STATUSES.map((status) => [status, { ...COUNT, description: `Results with status \`${status}\`.` }]));
const REQUIRED_COUNTS = [
  "no_code",
  "patch_failed",
  "syntax_error",
  "timeout",
  "oom",
  "test_failed",
  "pass",
  "sandbox_error"
];
const REPORT_SCHEMA = {
  ...shipped("report", "sandbox-gate JSON report", "What one run of sandbox-gate judged (the `report` input, `--report`, `--format json`). Version 1 grows only by new optional fields: ignore the ones you do not know."),
  type: "object",
  properties: {
    version: { const: 1, description: "The report format's version: 1 grows only by new optional fields." },
    shard: { $ref: "#/$defs/shard" },
    summary: {
      type: "object",
      description: "Counts over `results`.",
      properties: {
        total: { ...COUNT, description: "How many candidates were judged: the length of `results`." },
        by_status: {
          type: "object",
          description: "How many results have each status; every status is listed (`protected` since it was added: a report written before lacks it).",
          properties: BY_STATUS,
          // Version 1 grows only by optional fields: an older run's report, read as a baseline or a shard, has no `protected`.
          required: REQUIRED_COUNTS
        },
        resolved: {
          type: "object",
          description: "For datasets whose lines list their tests: how many results are resolved in full, in part, not at all.",
          properties: Object.fromEntries(report_RESOLVED.map((r) => [r, { ...COUNT, description: `Results resolved \`${r}\`.` }])),
          required: report_RESOLVED
        },
        resolved_rate: {
          type: "object",
          description: "For datasets whose lines list their tests: the resolved rate (`full` over the results resolved `full`, `partial` or `no`; our failures count in none) with its 95 % confidence interval, Wilson's score interval (added for the release after that).",
          properties: {
            value: { type: "number", minimum: 0, maximum: 1, description: "Resolved in full \xF7 judged by the lists." },
            low: { type: "number", minimum: 0, maximum: 1, description: "The interval's lower end." },
            high: { type: "number", minimum: 0, maximum: 1, description: "The interval's upper end." },
            level: { const: 0.95, description: "The interval's confidence level." },
            method: { const: "wilson", description: "How the interval is computed: Wilson's score interval." }
          },
          required: ["value", "low", "high", "level", "method"]
        },
        by_repo: {
          type: "object",
          description: "For datasets whose lines list their tests and carry `repo`: per repository, the results resolved in full and the results judged by the lists (added for the release after that).",
          additionalProperties: {
            type: "object",
            properties: {
              resolved: { ...COUNT, description: "Results of the repository resolved in full." },
              total: { ...COUNT, description: "Results of the repository judged by their lists." }
            },
            required: ["resolved", "total"]
          }
        }
      },
      required: ["total", "by_status"]
    },
    results: {
      type: "array",
      description: "Every judged candidate, in input order (dataset order, for a merge of shards).",
      items: { $ref: "#/$defs/result" }
    },
    skipped: {
      type: "array",
      description: "What was listed but not run: candidates over the `max-candidates` quota, and comments that are no agent's reply (no code, from an author only a wildcard in `authors` matched).",
      items: { $ref: "#/$defs/skipped" }
    },
    base: {
      type: "object",
      description: "With `compare: base`: the test command on the unpatched base tree (added for the next release).",
      properties: {
        status: { ...STATUS, description: "The base run's status." },
        exit_code: {
          type: ["integer", "null"],
          description: "The test command's exit code on the base; null when it did not run to its end."
        },
        duration_ms: { ...COUNT, description: "Wall-clock time of the base run, in milliseconds." },
        tests: TESTS,
        notes: {
          type: "array",
          items: { type: "string" },
          description: "What could not be read of the base run's results, or why the comparison is void."
        }
      },
      required: ["status"]
    },
    pass_at_k: {
      type: "object",
      description: "For datasets whose lines carry `task`: pass@k with the unbiased estimator (Chen et al., 2021), per task and over the tasks (added for the next release).",
      properties: {
        k: {
          type: "array",
          items: { type: "integer", minimum: 1 },
          description: "The k of `overall`: those of `pass-at-k` that every task has enough samples for."
        },
        overall: {
          type: "object",
          additionalProperties: { type: "number", minimum: 0, maximum: 1 },
          description: "`pass@<k>` \u2192 the mean over the tasks of each task's estimate."
        },
        tasks: {
          type: "array",
          description: "Every task, in the order its first sample came.",
          items: {
            type: "object",
            properties: {
              task: declare_text("The task."),
              n: { type: "integer", minimum: 1, description: "Samples of the task judged." },
              c: { ...COUNT, description: "Samples that passed." },
              pass_at: {
                type: "object",
                additionalProperties: { type: "number", minimum: 0, maximum: 1 },
                description: "`pass@<k>` \u2192 the estimate, for each k of `pass-at-k` no larger than `n`."
              }
            },
            required: ["task", "n", "c", "pass_at"]
          }
        }
      },
      required: ["k", "overall", "tasks"]
    }
  },
  required: ["version", "summary", "results", "skipped"],
  $defs: { result: RESULT_SCHEMA, skipped: report_SKIPPED_SCHEMA, shard: SHARD_SCHEMA }
};
const report_newResult = (fields) => declare_inSchemaOrder(RESULT_SCHEMA, fields);
;
function tests_testCount(tests) {
  const { passed, failed, error, skipped } = tests.counts;
  return passed + failed + error + skipped;
}
function isFailing(c) {
  return c.status === "failed" || c.status === "error";
}
function blamed(comparison) {
  return [...comparison.pass_to_fail ?? [], ...comparison.new_failing ?? []];
}
function tests_failingCases(r) {
  const failing2 = r.tests?.cases.filter(isFailing) ?? [];
  if (!r.compare)
    return { held: failing2, preexisting: [] };
  const ids = new Set(blamed(r.compare));
  return { held: failing2.filter((c) => ids.has(c.id)), preexisting: failing2.filter((c) => !ids.has(c.id)) };
}
function pytestNodeToCaseId(id) {
  const bracket = id.indexOf("[");
  const path2 = bracket === -1 ? id : id.slice(0, bracket);
  const params = bracket === -1 ? "" : id.slice(bracket);
  const module2 = path2.indexOf(".py::");
  if (module2 === -1)
    return id;
  const parts = path2.slice(module2 + ".py::".length).split("::");
  const name = parts.pop();
  const classname = [path2.slice(0, module2).replace(/\//g, "."), ...parts].join(".");
  return `${classname}::${name}${params}`;
}
;
function judgeByTests(status, reading, source) {
  if (!RAN_TO_END.has(status))
    return { status };
  if ("log" in source) {
    if (reading.untrusted !== void 0)
      return { status: "test_failed", reason: reading.untrusted };
    if (!reading.tests || tests_testCount(reading.tests) === 0)
      return {
        status: "test_failed",
        reason: `no test ran: the command's output holds no test that ${source.log} names`
      };
  } else {
    const wanted = source.join(", ");
    if (!reading.tests)
      return { status: "test_failed", reason: `no test ran: the command wrote no file matching ${wanted}` };
    if (tests_testCount(reading.tests) === 0)
      return { status: "test_failed", reason: `no test ran: the results matching ${wanted} hold no test case` };
  }
  if (!reading.tests)
    return { status: "test_failed" };
  const failing2 = reading.tests.counts.failed + reading.tests.counts.error;
  if (failing2 > 0)
    return { status: "test_failed" };
  if (status === "test_failed")
    return { status, reason: AFTER_ITS_TESTS };
  return { status };
}
const AFTER_ITS_TESTS = "every test in the results passed, but the command exited non-zero after its tests: a step after them failed, or the results file does not tell what the run did";
;
function voidReason(status) {
  return CUT_SHORT.has(status) ? `the comparison with the base is void: the base run itself ended ${status}, so the verdict is the candidate's own` : void 0;
}
function outcomes(tests) {
  const by = /* @__PURE__ */ new Map();
  for (const c of tests.cases) {
    const outcome2 = isFailing(c) ? "fail" : c.status === "skipped" ? "skip" : "pass";
    if (by.get(c.id) !== "fail")
      by.set(c.id, outcome2);
  }
  return by;
}
function compareTests(base, now) {
  const before = outcomes(base);
  const after = outcomes(now);
  const lists = {
    fail_to_pass: [],
    pass_to_pass: [],
    pass_to_fail: [],
    fail_to_fail: [],
    new_failing: [],
    new_passing: []
  };
  for (const [id, was] of before) {
    const is = after.get(id) ?? "fail";
    if (was === "pass")
      (is === "pass" ? lists.pass_to_pass : lists.pass_to_fail).push(id);
    else if (was === "fail")
      (is === "pass" ? lists.fail_to_pass : lists.fail_to_fail).push(id);
  }
  for (const [id, is] of after) {
    if (before.get(id) === "pass" || before.get(id) === "fail" || is === "skip")
      continue;
    (is === "pass" ? lists.new_passing : lists.new_failing).push(id);
  }
  return lists;
}
function judgeAgainstBase(now, base) {
  if (!RAN_TO_END.has(now.status))
    return { status: now.status };
  if (base.void)
    return { status: now.status, note: base.void };
  if (!base.tests || !now.tests) {
    if (base.tests)
      return { status: now.status };
    const how = base.exitCode === 0 ? "passes" : `fails too (exit code ${base.exitCode})`;
    return {
      status: now.status,
      note: `compared by exit codes only (no test-results): the base ${how}${now.status === "test_failed" && base.exitCode !== 0 ? ", so what the patch broke cannot be told apart" : ""}`
    };
  }
  const compare2 = compareTests(base.tests, now.tests);
  if (blamed(compare2).length > 0)
    return { status: "test_failed", compare: compare2 };
  if (now.status === "test_failed" && !now.tests.cases.some(isFailing) && failingCount(now.tests) === 0)
    return { status: "test_failed", compare: compare2, note: AFTER_ITS_TESTS };
  return { status: "pass", compare: compare2 };
}
const failingCount = (tests) => tests.counts.failed + tests.counts.error;
function compare_reportedBase(base) {
  const notes = base.void ? [base.void, ...base.notes] : base.notes;
  return {
    status: base.status,
    exit_code: base.exitCode,
    duration_ms: base.durationMs,
    ...base.tests && { tests: base.tests },
    ...notes.length > 0 && { notes }
  };
}
;
function resolved_listsTests(instance) {
  return instance?.failToPass !== void 0 || instance?.passToPass !== void 0;
}
function listedBy(tests, instance) {
  const by = tests ? outcomes(tests) : /* @__PURE__ */ new Map();
  const passed = (id) => {
    const found = by.get(id) ?? by.get(pytestNodeToCaseId(id));
    if (found !== void 0 || id.split("[").length <= id.split("]").length)
      return found === "pass";
    const begun = [...by].filter(([caseId2]) => caseId2.startsWith(id));
    return begun.length > 0 && begun.every(([, outcome2]) => outcome2 === "pass");
  };
  const split = (ids = []) => ({
    passed: ids.filter(passed),
    not_passed: ids.filter((id) => !passed(id))
  });
  return { fail_to_pass: split(instance.failToPass), pass_to_pass: split(instance.passToPass) };
}
function resolvedBy(tests, instance) {
  return resolvedOf(listedBy(tests, instance));
}
function resolvedOf(listed) {
  const notPassing = { failToPass: listed.fail_to_pass.not_passed, passToPass: listed.pass_to_pass.not_passed };
  const resolved = notPassing.passToPass.length > 0 ? "no" : notPassing.failToPass.length === 0 ? "full" : listed.fail_to_pass.passed.length > 0 ? "partial" : "no";
  return { resolved, notPassing };
}
const SHOWN = 5;
function notPassedText(name, ids, of) {
  if (ids.length === 0)
    return void 0;
  const shown2 = ids.slice(0, SHOWN).join(", ");
  const more = ids.length > SHOWN ? `, and ${ids.length - SHOWN} more` : "";
  return `${ids.length} of ${of} ${name} did not pass (missing or skipped counts as not passed): ${shown2}${more}`;
}
function judgeByLists(now, instance) {
  const unread = { status: now.status, resolved: "no", listed: listedBy(void 0, instance) };
  if (!RAN_TO_END.has(now.status) || !now.tests)
    return unread;
  const failing2 = now.tests.counts.failed + now.tests.counts.error + now.tests.cases.filter(isFailing).length;
  if (now.status === "test_failed" && failing2 === 0)
    return unread;
  const listed = listedBy(now.tests, instance);
  const { resolved, notPassing } = resolvedOf(listed);
  if (resolved === "full")
    return { status: "pass", resolved, listed, clearReason: true };
  const lists = [
    notPassedText("FAIL_TO_PASS", notPassing.failToPass, instance.failToPass?.length ?? 0),
    notPassedText("PASS_TO_PASS", notPassing.passToPass, instance.passToPass?.length ?? 0)
  ].filter(Boolean);
  const reason = `not resolved (${resolved}): ${lists.join("; ")}`;
  return { status: "test_failed", resolved, listed, reason };
}
var saxes = __nccwpck_require__(9800);
;
function caseId(c) {
  return [c.file, c.classname, c.name].filter((part) => part !== void 0 && part !== "").join("::");
}
;
const MAX_MESSAGE = 2e3;
const WORKDIR_PREFIX = /^(?:file:\/\/)?\/work\//;
function junit_positive(value) {
  const n = Number(value);
  return value !== void 0 && Number.isInteger(n) && n > 0 ? n : void 0;
}
function millis(seconds2) {
  const n = Number(seconds2);
  return seconds2 !== void 0 && Number.isFinite(n) && n >= 0 ? Math.round(n * 1e3) : void 0;
}
function clipped(text) {
  const trimmed = text.trim();
  return trimmed.length > MAX_MESSAGE ? `${trimmed.slice(0, MAX_MESSAGE)}\u2026` : trimmed;
}
function traceLocation(trace) {
  const found = [...trace.matchAll(/^([\w./-]+\.[A-Za-z]+):(\d+): /gm)].filter((m) => !m[1].startsWith("/"));
  const last = found.at(-1);
  return last ? { file: last[1], line: Number(last[2]) } : void 0;
}
const VERDICTS = { failure: "failed", error: "error", skipped: "skipped" };
const RANK = { passed: 0, skipped: 1, failed: 2, error: 3 };
function parseFile(text, parsed, keep, suites) {
  const { cases, counts } = parsed;
  const parser = new saxes.wT({ xmlns: false, position: false });
  let open;
  let verdict;
  parser.on("opentag", (tag) => {
    const a = tag.attributes;
    if (tag.name === "testsuite")
      suites.push(a.file || suites.at(-1));
    else if (tag.name === "testcase") {
      const file = (a.file ?? suites.at(-1))?.replace(WORKDIR_PREFIX, "");
      open = {
        name: a.name ?? "",
        status: "passed",
        text: "",
        ...a.classname && { classname: a.classname },
        ...file && { file },
        ...junit_positive(a.line) !== void 0 && { line: junit_positive(a.line) },
        ...millis(a.time) !== void 0 && { duration_ms: millis(a.time) }
      };
    } else if (open && tag.name in VERDICTS) {
      const status = VERDICTS[tag.name];
      if (RANK[status] > RANK[open.status])
        open.status = status;
      verdict = tag.name;
      if (open.message === void 0 && a.message)
        open.message = a.message;
    }
  });
  parser.on("text", (chunk) => {
    if (open && verdict && open.text.length < MAX_MESSAGE)
      open.text += chunk;
  });
  parser.on("cdata", (chunk) => {
    if (open && verdict && open.text.length < MAX_MESSAGE)
      open.text += chunk;
  });
  parser.on("closetag", (tag) => {
    if (tag.name === "testsuite")
      suites.pop();
    else if (tag.name in VERDICTS)
      verdict = void 0;
    else if (tag.name === "testcase" && open) {
      const { text: body, message, ...kept } = open;
      const said = message ?? body;
      counts[open.status]++;
      const where = kept.file === void 0 && open.status !== "passed" ? traceLocation(body) : void 0;
      const failed = open.status !== "passed" && said.trim() !== "" ? { message: clipped(said) } : {};
      if (cases.length < keep)
        cases.push({ id: caseId(kept), ...kept, ...where, ...failed });
      open = void 0;
    }
  });
  parser.write(text).close();
}
function readJunit(text, keep, suites = []) {
  const tests = { counts: { passed: 0, failed: 0, error: 0, skipped: 0 }, cases: [] };
  try {
    parseFile(text, tests, keep, suites);
    return { tests };
  } catch (error) {
    return { tests, problem: error.message.split("\n")[0].slice(0, 200) };
  }
}
const junit = {
  format: "JUnit XML",
  reads: "files",
  parse: (data, keep) => readJunit(Buffer.from(data).toString("utf8"), keep)
};
;
const LOG_STATUSES = ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"];
function isLogStatus(word) {
  return LOG_STATUSES.includes(word ?? "");
}
const STARTS_WITH_STATUS = new RegExp(`^(${LOG_STATUSES.join("|")})`);
const ENDS_WITH_STATUS = new RegExp(`(${LOG_STATUSES.join("|")})$`);
const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const PY_TRIM = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
function pySplit(line) {
  const trimmed = pyStrip(line);
  return trimmed === "" ? [] : trimmed.split(PY_SPACE);
}
function pyStrip(line) {
  return line.replace(PY_TRIM, "");
}
function logLines(text) {
  return text.split("\n");
}
const log_MAX_MESSAGE = 2e3;
const CASE_STATUS = {
  PASSED: "passed",
  // The harness grades an expected failure that failed as passed (grading.py's test_passed).
  XFAIL: "passed",
  SKIPPED: "skipped",
  FAILED: "failed",
  ERROR: "error"
};
const failing = (status) => status === "FAILED" || status === "ERROR";
function log_decide(observations) {
  const by = /* @__PURE__ */ new Map();
  for (const seen of observations) {
    const held = by.get(seen.id);
    if (held && failing(held.status) && !failing(seen.status))
      continue;
    if (held?.summary && !seen.summary && !failing(seen.status))
      continue;
    by.set(seen.id, seen);
  }
  return by;
}
function caseFields(id) {
  const bracket = id.indexOf("[");
  const path2 = bracket === -1 ? id : id.slice(0, bracket);
  const parts = path2.split("::");
  if (parts.length >= 2 && parts[0].endsWith(".py")) {
    const name = `${parts.at(-1)}${bracket === -1 ? "" : id.slice(bracket)}`;
    const classname = parts.slice(1, -1).join("::");
    const fields = { file: parts[0], ...classname && { classname }, name };
    if (caseId(fields) === id)
      return fields;
  }
  return { name: id };
}
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
function logParser(format, read) {
  return {
    format,
    reads: "log",
    parse: (data, keep, cut = false) => readLog(Buffer.from(data).toString("utf8"), keep, cut, read)
  };
}
function readLog(text, keep, cut, read) {
  const { observations, counted: counted2, notes = [] } = read(text);
  const decided = [...log_decide(observations).values()];
  const passes = decided.filter((o) => CASE_STATUS[o.status] === "passed").length;
  const runnerCount = counted2.reduce((sum, n) => sum + n, 0);
  let untrusted;
  if (passes > 0 && cut)
    untrusted = `the output was cut before the test runner's own count, so the ${plural(passes, "passing test")} it claims cannot be checked and are not believed`;
  else if (counted2.length > 0 && passes > runnerCount)
    untrusted = `the output claims ${plural(passes, "passing test")}, but the test runner itself counted ${runnerCount}: lines in it that the runner did not write, so none of its passes are believed`;
  const kept = untrusted ? decided.filter((o) => CASE_STATUS[o.status] !== "passed") : decided;
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  const cases = [];
  for (const o of kept) {
    const status = CASE_STATUS[o.status];
    counts[status]++;
    if (cases.length >= keep)
      continue;
    const fields = caseFields(o.id);
    const message = o.status === "XFAIL" ? "expected to fail, and failed (xfail): graded as passed, as SWE-bench grades it" : o.message?.slice(0, log_MAX_MESSAGE);
    cases.push({ id: caseId(fields), ...fields, status, ...message && { message } });
  }
  const all = [...notes, ...untrusted ? [untrusted] : []];
  return { tests: { counts, cases }, ...untrusted && { untrusted }, ...all.length > 0 && { notes: all } };
}
;
const PASS_SUFFIXES = [" ... ok", " ... OK", " ...  OK"];
const VERSION_TEST = "--version is equivalent to version";
const MIGRATION_PREFIX = "Applying sites.0002_alter_domain_unique...test_no_migrations";
function lineObservations(raw, prev) {
  let line = pyStrip(raw);
  const seen = [];
  if (line.includes(VERSION_TEST))
    seen.push({ id: VERSION_TEST, status: "PASSED" });
  if (line.includes(" ... "))
    prev.test = line.split(" ... ")[0];
  const suffix = PASS_SUFFIXES.find((s) => line.endsWith(s));
  if (suffix !== void 0) {
    if (line.startsWith(MIGRATION_PREFIX))
      line = pyStrip(line.slice(line.indexOf("...") + 3));
    seen.push({ id: line.slice(0, line.lastIndexOf(suffix)), status: "PASSED" });
  }
  if (line.includes(" ... skipped"))
    seen.push({ id: line.split(" ... skipped")[0], status: "SKIPPED" });
  if (line.endsWith(" ... FAIL"))
    seen.push({ id: line.split(" ... FAIL")[0], status: "FAILED" });
  const second = pySplit(line)[1];
  if (line.startsWith("FAIL:") && second !== void 0)
    seen.push({ id: second, status: "FAILED" });
  if (line.endsWith(" ... ERROR"))
    seen.push({ id: line.split(" ... ERROR")[0], status: "ERROR" });
  if (line.startsWith("ERROR:") && second !== void 0)
    seen.push({ id: second, status: "ERROR" });
  if (line.startsWith("ok") && prev.test !== void 0)
    seen.push({ id: prev.test, status: "PASSED" });
  return seen;
}
const S = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TESTING_AGAINST = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}Testing against Django installed in `);
const SERVER_ERROR = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}Internal Server Error: /([^\\n]*)/$`);
const NO_ISSUES = new RegExp(`^([^\\n]*?)${S}\\.\\.\\.${S}System check identified no issues \\(0 silenced\\)$`);
const TESTING_END = " silenced).";
function interleaved(lines) {
  const seen = [];
  const ends = lines.flatMap((line, i) => line.endsWith(TESTING_END) && lines[i + 1] === "ok" ? [i] : []);
  let after = 0;
  for (let i = 0, e = 0; i < lines.length; i++) {
    if (i < after)
      continue;
    const opening = TESTING_AGAINST.exec(lines[i]);
    if (!opening)
      continue;
    const endsHere = lines[i].slice(opening[0].length).endsWith(TESTING_END);
    while (e < ends.length && (ends[e] < i || ends[e] === i && !endsHere))
      e++;
    const end = ends[e];
    if (end === void 0)
      break;
    seen.push({ id: opening[1], status: "PASSED" });
    after = end + 2;
  }
  for (const [pattern, end] of [
    [SERVER_ERROR, "/"],
    [NO_ISSUES, "System check identified no issues (0 silenced)"]
  ]) {
    for (let i = 0; i + 1 < lines.length; i++) {
      const test = lines[i].endsWith(end) ? pattern.exec(lines[i])?.[1] : void 0;
      if (test !== void 0 && lines[i + 1] === "ok") {
        seen.push({ id: test, status: "PASSED" });
        i++;
      }
    }
  }
  return seen;
}
const RAN = /^Ran (\d+) tests? in \d+(?:\.\d+)?s$/;
const OUTCOME = /^(?:OK|FAILED)(?: \((.*)\))?$/;
function counted(lines) {
  const counts = [];
  lines.forEach((line, i) => {
    const ran = RAN.exec(line.trim())?.[1];
    if (ran === void 0)
      return;
    const outcome2 = lines.slice(i + 1, i + 4).map((l) => OUTCOME.exec(l.trim())).find(Boolean);
    const skipped = /(?:^|, )skipped=(\d+)/.exec(outcome2?.[1] ?? "")?.[1];
    counts.push(Math.max(0, Number(ran) - Number(skipped ?? 0)));
  });
  return counts;
}
const django = logParser("Django's test runner output", (text) => {
  const lines = logLines(text);
  const prev = {};
  const observations = lines.flatMap((line) => lineObservations(line, prev));
  return { observations: [...observations, ...interleaved(lines)], counted: counted(lines) };
});
;
const ANSI = /\x1b\[[0-9;]*m/g;
const SUMMARY_HEADER = /^=+ short test summary info =+$/;
const SECTION = /^=+ .* =+$/;
const COUNT_LINE = /^(?:=+ )?((?:\d+ [a-z]+(?: [a-z]+)?, )*\d+ [a-z]+(?: [a-z]+)?|no tests ran) in \d+(?:\.\d+)? ?s(?:econds)?(?: \([^)]*\))?(?: =+)?$/;
function countedPasses(line) {
  const body = COUNT_LINE.exec(line.replace(ANSI, "").trim())?.[1];
  if (body === void 0)
    return void 0;
  let passes = 0;
  for (const item of body.split(", ")) {
    const [, n, what] = /^(\d+) (.+)$/.exec(item) ?? [];
    if (what === "passed" || what === "xfailed")
      passes += Number(n);
  }
  return passes;
}
function pytestScan(text) {
  const lines = [];
  const counted2 = [];
  let summary = false;
  let last = -1;
  for (const line of logLines(text)) {
    const plain = line.replace(ANSI, "").trim();
    const passes = countedPasses(plain);
    if (passes !== void 0) {
      counted2.push(passes);
      summary = false;
      last = lines.length;
    } else if (SUMMARY_HEADER.test(plain))
      summary = true;
    else if (SECTION.test(plain))
      summary = false;
    lines.push({ line, summary, after: false });
  }
  for (let i = last + 1; last >= 0 && i < lines.length; i++)
    lines[i].after = true;
  return { lines, counted: counted2 };
}
function isSkipSummary(status, name) {
  return status === "SKIPPED" && /^\[\d+\]$/.test(name);
}
function pytest_messageOf(line, status) {
  if (status !== "FAILED" && status !== "ERROR")
    return void 0;
  const at = line.indexOf(" - ");
  return at === -1 ? void 0 : line.slice(at + 3).trim() || void 0;
}
function pytestLine(line, rename = (id) => id) {
  const status = STARTS_WITH_STATUS.exec(line)?.[1];
  if (status === void 0)
    return void 0;
  const words = pySplit(status === "FAILED" ? line.replaceAll(" - ", " ") : line);
  if (words.length <= 1 || !isLogStatus(words[0]) || isSkipSummary(words[0], words[1]))
    return void 0;
  const message = pytest_messageOf(line, words[0]);
  return { id: rename(words[1]), status: words[0], ...message && { message } };
}
const passing = (o) => o.status === "PASSED" || o.status === "XFAIL";
function pytestFamily(text, readLine) {
  const { lines, counted: counted2 } = pytestScan(text);
  const observations = [];
  const late = [];
  for (const { line, summary, after } of lines) {
    const read = readLine(line);
    if (!read)
      continue;
    if (after && passing(read))
      late.push(read.id);
    else
      observations.push({ ...read, ...summary && { summary } });
  }
  if (late.length === 0)
    return { observations, counted: counted2 };
  const ids = [...new Set(late)];
  const shown2 = `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", \u2026" : ""}`;
  const note = `${ids.length === 1 ? "a pass" : `${ids.length} passes`} read after pytest's own final count, where pytest writes nothing, not believed: ${shown2}`;
  return { observations, counted: counted2, notes: [note] };
}
const pytest = logParser("pytest's output", (text) => pytestFamily(text, (line) => pytestLine(line)));
;
const matplotlib = logParser("matplotlib's pytest output", (text) => pytestFamily(text, (line) => pytestLine(line.replaceAll("MouseButton.LEFT", "1").replaceAll("MouseButton.RIGHT", "3"))));
;
function stableOptions(id) {
  const open = id.indexOf("[");
  const close = id.lastIndexOf("]");
  if (open === -1 || close < open)
    return id;
  const main = id.slice(0, open);
  let option = id.slice(open + 1, close);
  if (option.startsWith("/") && !option.startsWith("//") && !option.includes("*"))
    option = `/${option.split("/").at(-1)}`;
  return `${main}[${option}]`;
}
const pytestOptions = logParser("pytest's output (options)", (text) => pytestFamily(text, (line) => pytestLine(line, stableOptions)));
;
const COLOUR = /\[\d+m/g;
const CONTROL = /[\x01-\x1f]/g;
function v2Line(raw) {
  const line = raw.replace(COLOUR, "").replace(CONTROL, "");
  const starts = STARTS_WITH_STATUS.exec(line)?.[1];
  if (starts !== void 0) {
    const words2 = pySplit(starts === "FAILED" ? line.split(" - ")[0] : line);
    if (words2.length < 2 || !isLogStatus(words2[0]) || isSkipSummary(words2[0], words2[1]))
      return void 0;
    const message = pytest_messageOf(line, words2[0]);
    return { id: words2.slice(1).join(" "), status: words2[0], ...message && { message } };
  }
  if (!ENDS_WITH_STATUS.test(line))
    return void 0;
  const words = pySplit(line);
  const status = words.at(-1);
  if (words.length < 2 || !isLogStatus(status))
    return void 0;
  return { id: words.slice(0, -1).join(" "), status };
}
const pytestV2 = logParser("pytest's output (v2)", (text) => pytestFamily(text, v2Line));
;
function seabornLine(line) {
  const words = pySplit(line);
  if (words.length < 2)
    return void 0;
  if (line.startsWith("FAILED")) {
    const message = pytest_messageOf(line, "FAILED");
    return { id: words[1], status: "FAILED", ...message && { message } };
  }
  if (line.includes(" PASSED "))
    return words[1] === "PASSED" ? { id: words[0], status: "PASSED" } : void 0;
  if (line.startsWith("PASSED"))
    return { id: words[1], status: "PASSED" };
  return void 0;
}
const seaborn = logParser("seaborn's pytest output", (text) => pytestFamily(text, seabornLine));
;
const sympy_HEADER = /^_+ ([^\n]*)\.py:([^\n]*) _+$/;
const HEADER_END = / _+$/;
const FINISHED = /tests finished: (\d+) passed/;
const sympy = logParser("sympy's test runner output", (text) => {
  const observations = [];
  const counted2 = [];
  const lines = logLines(text);
  for (const raw of lines) {
    const header2 = raw.startsWith("_") && HEADER_END.test(raw) ? sympy_HEADER.exec(raw) : null;
    if (header2)
      observations.push({ id: `${header2[1]}.py:${header2[2]}`, status: "FAILED" });
    const finished = FINISHED.exec(raw)?.[1];
    if (finished !== void 0)
      counted2.push(Number(finished));
  }
  for (const raw of lines) {
    const line = pyStrip(raw);
    if (!line.startsWith("test_"))
      continue;
    const id = pySplit(line)[0];
    if (line.endsWith(" E"))
      observations.push({ id, status: "ERROR" });
    if (line.endsWith(" F"))
      observations.push({ id, status: "FAILED" });
    if (line.endsWith(" ok"))
      observations.push({ id, status: "PASSED" });
  }
  return { observations, counted: counted2 };
});
;
const RESULTS_PARSERS = {
  junit,
  pytest,
  "pytest-options": pytestOptions,
  "pytest-v2": pytestV2,
  django,
  sympy,
  seaborn,
  matplotlib,
  // The harness's repository-named parsers, each the same function as one above.
  astroid: pytest,
  flask: pytest,
  marshmallow: pytest,
  pvlib: pytest,
  pyvista: pytest,
  sqlfluff: pytest,
  xarray: pytest,
  pydicom: pytestOptions,
  requests: pytestOptions,
  pylint: pytestOptions,
  astropy: pytestV2,
  scikit: pytestV2,
  sphinx: pytestV2
};
function resultsParser(format) {
  return RESULTS_PARSERS[format];
}
function formats_formatOf(overrides, settings) {
  const own = overrides?.resultsFormat;
  return own !== void 0 && RESULTS_FORMATS.includes(own) ? own : settings.run.resultsFormat;
}
function formats_readsLog(format) {
  return RESULTS_PARSERS[format].reads === "log";
}
;
const nameOf = (item) => "status" in item ? void 0 : item.instance?.baseCommit;
async function commits_checkInstances(items, settings, runImages) {
  const listing = items.find((item) => !("status" in item) && listsTests(item.instance) && !readsLog(formatOf(item.overrides, settings)));
  if (listing && settings.run.testResults.length === 0)
    throw new InputError("test-results", `${listing.source}: the line lists fail_to_pass/pass_to_pass, which are read from per-test results: set 'test-results' to the JUnit XML files the command writes, or a log format ('results-format', or the line's results_format); nothing was run`);
  const named = items.flatMap((item) => {
    const name = nameOf(item);
    return name === void 0 || "status" in item ? [] : [{ name, source: item.source }];
  });
  if (!runImages)
    return;
  const objects = new GitObjects(settings.source.workdir);
  try {
    if (named.length > 0)
      await runImages.resolveCommits(named, objects);
    await checkTestPatches(items.filter((item) => !("status" in item)), settings, (name) => name === void 0 ? void 0 : runImages.commit(name), (commit, paths) => runImages.baseFiles(commit, paths, objects));
  } finally {
    objects.close();
  }
}
const TEST_PATCHES_AT_ONCE = 16;
async function checkTestPatches(lines, settings, commitOf2, baseFiles) {
  const seen = /* @__PURE__ */ new Set();
  const distinct = lines.flatMap((line2) => {
    const testPatch = line2.instance?.testPatch;
    if (testPatch === void 0 || testPatch.trim() === "")
      return [];
    const name2 = line2.instance?.baseCommit;
    const commit2 = commitOf2(name2);
    const key = JSON.stringify([commit2 ?? null, testPatch]);
    if (seen.has(key))
      return [];
    seen.add(key);
    return [{ line: line2, name: name2, commit: commit2, testPatch }];
  });
  const problems = await mapLimit(distinct, TEST_PATCHES_AT_ONCE, async ({ commit: commit2, testPatch }) => checkTestPatch(testPatch, await baseFiles(commit2, testPatchPaths(testPatch)), settings));
  const at = problems.findIndex((problem) => problem !== void 0);
  if (at < 0)
    return;
  const { line, name, commit } = distinct[at];
  const base = name === void 0 ? `the checkout at ${settings.source.workdir}` : `base_commit ${JSON.stringify(name)} (${commit})`;
  throw new InputError("test_patch", `${line.source}: the line's test_patch does not apply to its ${base}: ${problems[at]}; nothing was run`);
}
function commits_judgingOrder(items) {
  const cost = listedCosts(items);
  const longestFirst = (groups) => (cost === void 0 ? groups : sortedByCost(groups, cost)).flat();
  const byCommit = longestFirst(grouped(items.map((_, index) => index), (index) => nameOf(items[index])));
  return longestFirst(grouped(byCommit, (index) => imageOf(items[index]) ?? commitOf(items[index])));
}
const commitOf = (item) => {
  const name = nameOf(item);
  return name === void 0 ? void 0 : `${name}`;
};
const imageOf = (item) => "status" in item ? void 0 : item.overrides?.image;
function listedCosts(items) {
  const costs = [];
  for (const item of items) {
    if ("status" in item)
      costs.push(0);
    else if (!listsTests(item.instance))
      return void 0;
    else
      costs.push((item.instance?.failToPass?.length ?? 0) + (item.instance?.passToPass?.length ?? 0));
  }
  return costs;
}
function sortedByCost(groups, cost) {
  const total = (group) => group.reduce((sum, index) => sum + cost[index], 0);
  return groups.map((group, at) => ({ group, at, total: total(group) })).sort((a, b) => b.total - a.total || a.at - b.at).map(({ group }) => group);
}
function grouped(indices, keyOf2) {
  const groups = /* @__PURE__ */ new Map();
  for (const index of indices) {
    const key = keyOf2(index) ?? `\0${index}`;
    const group = groups.get(key);
    if (group)
      group.push(index);
    else
      groups.set(key, [index]);
  }
  return [...groups.values()];
}
function candidatesByCommit(items, keyOf2 = (name) => name) {
  const counts = /* @__PURE__ */ new Map();
  for (const item of items) {
    const name = nameOf(item);
    if (name !== void 0)
      counts.set(keyOf2(name), (counts.get(keyOf2(name)) ?? 0) + 1);
  }
  return counts;
}
const STREAM_BUDGET_BYTES = 128 * 1024 ** 2;
function treeDelivery(facts) {
  const kept = facts.setup || facts.imageWorkdir || facts.compareBase;
  const streamedAgain = (facts.candidates - 1) * facts.treeBytes;
  return kept || facts.candidates === 0 || streamedAgain > STREAM_BUDGET_BYTES ? "share" : "stream";
}
class commits_CommitBases {
  runImages;
  warn;
  #total;
  #left;
  constructor(items, runImages, warn) {
    this.runImages = runImages;
    this.warn = warn;
    this.#total = candidatesByCommit(items, (name) => this.#commitOf(name));
    this.#left = new Map(this.#total);
  }
  /** How many of the run's candidates start from `commit` (a full sha). */
  candidates(commit) {
    return this.#total.get(commit) ?? 0;
  }
  /** Called as each item's judgement ends. */
  async done(item) {
    const name = nameOf(item);
    if (name === void 0 || !this.runImages)
      return;
    const commit = this.#commitOf(name);
    const left2 = (this.#left.get(commit) ?? 1) - 1;
    this.#left.set(commit, left2);
    if (left2 > 0)
      return;
    for (const failure of await this.runImages.release(commit))
      this.warn(`sandbox-gate: the base of commit ${name} could not be removed: ${failure}`);
  }
  #commitOf(name) {
    return this.runImages ? this.runImages.commit(name) : name;
  }
}
function nextBase(bases, position) {
  const here = bases[position];
  let at = position + 1;
  while (here !== void 0 && at < bases.length && bases[at] === here)
    at++;
  return at < bases.length ? bases[at] : void 0;
}
class commits_BasesAhead {
  make;
  #bases;
  /** Each commit's first position in the judging order (its lines are grouped: what comes after one comes after all). */
  #first = /* @__PURE__ */ new Map();
  #asked = /* @__PURE__ */ new Set();
  #ahead;
  constructor(items, order, settings, make) {
    this.make = make;
    this.#ahead = make !== void 0 && settings.run.setup !== void 0 && settings.run.image !== "";
    this.#bases = order.map((index) => {
      const item = items[index];
      return this.#eligible(item) ? item.instance?.baseCommit : void 0;
    });
    this.#bases.forEach((name, position) => {
      if (name !== void 0 && !this.#first.has(name))
        this.#first.set(name, position);
    });
  }
  /** Called as `candidate` gets its run image. */
  made(candidate) {
    const name = candidate.instance?.baseCommit;
    const position = name === void 0 || !this.#eligible(candidate) ? void 0 : this.#first.get(name);
    const next = position === void 0 ? void 0 : nextBase(this.#bases, position);
    if (next === void 0 || this.#asked.has(next))
      return;
    this.#asked.add(next);
    this.make(next);
  }
  #eligible(item) {
    return this.#ahead && !("status" in item) && item.kind === "patch" && !item.overrides?.image && !item.overrides?.imageWorkdir;
  }
}
;
function rerunAfter(status, made, reruns) {
  return RERUNNABLE.has(status) && made <= reruns;
}
function isFlaky(attempts) {
  return new Set(attempts.map((a) => a.status)).size > 1;
}
function flakyCases(runs) {
  const failed = /* @__PURE__ */ new Set();
  const passed = /* @__PURE__ */ new Set();
  for (const tests of runs)
    for (const c of tests?.cases ?? []) {
      if (isFailing(c))
        failed.add(c.id);
      else if (c.status === "passed")
        passed.add(c.id);
    }
  return new Set([...failed].filter((id) => passed.has(id)));
}
function markFlaky(tests, flaky) {
  if (flaky.size === 0)
    return tests;
  return { ...tests, cases: tests.cases.map((c) => flaky.has(c.id) ? { ...c, flaky: true } : c) };
}
function flakyFailure(attempts) {
  return `flaky: the attempts disagreed (${attempts.map((a) => a.status).join(", ")}), and fail-on names flaky`;
}
;
function baseline_runs_keyOf({ image, command, files, format }) {
  const hash = (0, external_node_crypto_namespaceObject.createHash)("sha256");
  for (const file of [...files].sort((a, b) => order_ascending(a.path, b.path))) {
    hash.update(`${file.path}\0${file.executable ? 1 : 0}\0${file.linkTarget ?? ""}\0`);
    hash.update(file.content);
    hash.update("\0");
  }
  return JSON.stringify([image, command, hash.digest("hex"), format ?? null]);
}
class BaselineRuns {
  #runs = /* @__PURE__ */ new Map();
  /** The baseline run for `key`, run by `run` the first time it is asked for. */
  get(key, run2) {
    const id = baseline_runs_keyOf(key);
    let pending = this.#runs.get(id);
    if (!pending) {
      pending = run2();
      this.#runs.set(id, pending);
    }
    return pending;
  }
  /** Every baseline run made, in the order first asked for. */
  all() {
    return Promise.all(this.#runs.values());
  }
}
;
const unpack_BLOCK = 512;
function field(block, offset, length) {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return decodeUtf8(end < 0 ? raw : raw.subarray(0, end), false);
}
function unpack_octal(block, offset, length) {
  const text = field(block, offset, length).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
}
function paxPath(data) {
  let path2;
  for (let at = 0; at < data.length; ) {
    const space = data.indexOf(32, at);
    const length = Number(data.subarray(at, space).toString("ascii"));
    if (space < 0 || !Number.isInteger(length) || length <= 0)
      break;
    const record = decodeUtf8(data.subarray(space + 1, at + length - 1), false);
    if (record.startsWith("path="))
      path2 = record.slice("path=".length);
    at += length;
  }
  return path2;
}
const unpack_relative = (name) => name.replace(/^\.\//, "");
function untar(tar) {
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const files = [];
  const notes = [];
  let longName;
  for (let at = 0; at + unpack_BLOCK <= bytes.length; ) {
    const header2 = bytes.subarray(at, at + unpack_BLOCK);
    if (header2.every((byte) => byte === 0))
      return { files, notes };
    const size = unpack_octal(header2, 124, 12);
    const type = String.fromCharCode(header2[156]);
    if (!Number.isFinite(size)) {
      notes.push(`the results' tar is not readable past ${files.length} file(s)`);
      return { files, notes };
    }
    const start = at + unpack_BLOCK;
    const end = start + size;
    if (end > bytes.length) {
      notes.push(`the results' tar is cut inside ${JSON.stringify(unpack_relative(longName ?? field(header2, 0, 100)))}`);
      return { files, notes };
    }
    const data = bytes.subarray(start, end);
    const prefix = field(header2, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header2, 0, 100)}` : field(header2, 0, 100));
    longName = void 0;
    if (type === "x")
      longName = paxPath(data);
    else if (type === "L")
      longName = decodeUtf8(data.subarray(0, data.indexOf(0) < 0 ? data.length : data.indexOf(0)), false);
    else if (type === "0" || type === "\0" || type === "7")
      files.push({ path: unpack_relative(name), data: Buffer.from(data) });
    at = start + Math.ceil(size / unpack_BLOCK) * unpack_BLOCK;
  }
  return { files, notes };
}
;
const MAX_RESULTS_FILE_BYTES = 8 * 1024 * 1024;
const MAX_CASES = 1e4;
function readTestResults(files, parser) {
  const cases = [];
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  const notes = [];
  for (const { path: path2, data } of files) {
    if (data.byteLength > MAX_RESULTS_FILE_BYTES) {
      notes.push(`${path2}: ${data.byteLength} bytes, more than the ${MAX_RESULTS_FILE_BYTES} read of a results file; not read`);
      continue;
    }
    const { tests, problem } = parser.parse(data, MAX_CASES - cases.length);
    cases.push(...tests.cases);
    for (const status of ["passed", "failed", "error", "skipped"])
      counts[status] += tests.counts[status];
    if (problem !== void 0)
      notes.push(`${path2}: not readable as ${parser.format} (${problem}); the cases before the problem are kept`);
  }
  const total = counts.passed + counts.failed + counts.error + counts.skipped;
  if (total > cases.length)
    notes.push(`${total} test cases; the first ${cases.length} are listed`);
  return { tests: { counts, cases }, notes };
}
;
function findPatterns(globs) {
  return globs.map((glob) => glob.replace(/\{[^}]*\}/g, "*").replace(/\*\*\//g, "*").replace(/\*\*/g, "*"));
}
const MIB = 1024 ** 2;
function readResults(results, globs, parser) {
  if (!results)
    return { notes: ["the command's test results did not come back (the run was stopped)"] };
  const { files, notes } = untar(results.bytes);
  if (results.truncated)
    notes.push(`the test results were cut at ${Math.round(results.bytes.length / MIB)} MiB; the files past that were not read`);
  const matching = files.filter((file) => globs.some((glob) => minimatch(file.path, glob, { dot: true })));
  if (matching.length === 0)
    return { notes };
  const read = readTestResults(matching, parser);
  return { tests: read.tests, notes: [...notes, ...read.notes] };
}
function readLogResults(log, parser) {
  if (!log)
    return { notes: ["the command's output did not come back (the run was stopped)"] };
  const { tests, problem, notes = [], untrusted } = parser.parse(log.bytes, MAX_CASES, log.truncated);
  const all = [
    ...log.truncated ? [`the output was cut at ${Math.round(MAX_RESULTS_FILE_BYTES / MIB)} MiB; tests past that were not read`] : [],
    ...problem === void 0 ? [] : [`the output is not readable as ${parser.format} (${problem})`],
    ...notes
  ];
  const total = tests.counts.passed + tests.counts.failed + tests.counts.error + tests.counts.skipped;
  if (total > tests.cases.length)
    all.push(`${total} test cases; the first ${tests.cases.length} are listed`);
  return { tests, notes: all, ...untrusted !== void 0 && { untrusted } };
}
;
const OURS = {
  before: "The sandbox failed on our side, not because of the code: ",
  after: ". Nothing about the code can be concluded; run it again."
};
function causeOfSandboxError(feedback) {
  const { before, after } = OURS;
  return feedback.startsWith(before) && feedback.endsWith(after) ? feedback.slice(before.length, feedback.length - after.length) : feedback;
}
const FAILING_LISTED = 20;
const MESSAGE_SHOWN = 500;
function indent(text) {
  const clipped2 = text.length > MESSAGE_SHOWN ? `${text.slice(0, MESSAGE_SHOWN)}\u2026` : text;
  return clipped2.trim().split("\n").map((line) => `   ${line}`).join("\n");
}
function testsBlock(tests) {
  const items = tests.failing.slice(0, FAILING_LISTED).map((t, i) => `${i + 1}. ${t.id}${t.message ? `
${indent(t.message)}` : ""}`);
  if (tests.failing.length > FAILING_LISTED)
    items.push(`\u2026 and ${tests.failing.length - FAILING_LISTED} more`);
  const preexisting = tests.preexisting.length ? `

Already failing on the base, not counted against the code: ${tests.preexisting.slice(0, FAILING_LISTED).join(", ")}${tests.preexisting.length > FAILING_LISTED ? ", \u2026" : ""}` : "";
  return `${items.length ? `Failing tests:
${items.join("\n")}` : ""}${preexisting}`;
}
const AT_PROCESS_LIMIT = /can't start new thread|Resource temporarily unavailable|fork: retry|\bEAGAIN\b|failed to create new OS thread|unable to create (new )?native thread/;
function limitNote(f) {
  if (f.pidsLimit === void 0 || !AT_PROCESS_LIMIT.test(f.stderr) && !AT_PROCESS_LIMIT.test(f.stdout))
    return "";
  return `

Note: the output shows a process or thread refused by the sandbox's process limit (pids-limit ${f.pidsLimit}); if the tests need more, the limit, not the code, made them fail.`;
}
const feedback_MIB = 1024 ** 2;
function feedback_location(s) {
  const parts = [s.file, s.line, s.column].filter((p) => p !== void 0 && p !== "");
  return parts.length ? ` at ${parts.join(":")}` : "";
}
function tail(text, truncated) {
  return truncated ? `${text}
[output truncated]` : text;
}
const PROTECTED_LISTED = 10;
function protectedFeedback(f) {
  const { files, ran } = f.protection ?? { files: [], ran: "sandbox_error" };
  const listed = files.slice(0, PROTECTED_LISTED).join(", ");
  const more = files.length > PROTECTED_LISTED ? ` and ${files.length - PROTECTED_LISTED} more` : "";
  const head = `The change touches files the tests or their runner depend on, which a candidate may not change: ${listed}${more}. They were put back to the base's versions (a protected file you added was left out) and the tests ran with them.`;
  const real = ran === "pass" ? "With them, the tests pass." : `With them:

${feedback_feedbackFor({ ...f, status: ran })}`;
  return `${head}

${real}

Fix the code, not the tests: leave the tests, their configuration and their hooks as they are.`;
}
function setupFeedback(f) {
  const output = tail(f.stdout, f.truncated.stdout).trim() || "(no output)";
  return `The dependencies could not be installed: ${f.reason ?? "the setup failed"}. The setup's output:

${output}

Fix the change to the dependencies (package names, versions, the lock file) so that the install succeeds.`;
}
function feedback_feedbackFor(f) {
  switch (f.status) {
    case "protected":
      return protectedFeedback(f);
    case "pass":
      return "";
    case "no_code":
      return `No runnable code was found in the reply${f.reason ? ` (${f.reason})` : ""}. Reply with the code in one fenced block.`;
    case "patch_failed":
      return `The patch did not apply: ${f.reason ?? "no hunk matched the base tree"}. Regenerate it against the current files.`;
    case "syntax_error":
      return `The code does not parse${f.syntax ? feedback_location(f.syntax) : ""}. The parser said:

${f.syntax?.message ?? f.stderr}

Return the corrected code only.`;
    case "timeout":
      return `The code did not finish within ${f.timeoutMs / 1e3} s and was stopped. ${timeoutCause(f)}`;
    case "oom": {
      const how = f.heldAtLimit ? `and made no progress there until it was stopped after ${f.timeoutMs / 1e3} s` : "and was killed";
      return `The code ran out of memory (limit ${Math.round(f.memoryBytes / feedback_MIB)} MiB) ${how}. Something grows without bound; avoid building huge structures.`;
    }
    case "test_failed": {
      if (f.setupFailed)
        return setupFeedback(f);
      const detail = (f.stderr.trim() ? tail(f.stderr, f.truncated.stderr) : tail(f.stdout, f.truncated.stdout)).trim();
      const how = f.signal ? `crashed with ${f.signal}` : `exited with code ${f.exitCode}`;
      const listed = !f.reason && f.tests ? testsBlock(f.tests) : "";
      const head = f.reason ? `The tests did not pass: ${f.reason} (the test command ${how}).` : `The tests failed (the test command ${how}):${f.tests ? ` ${f.tests.failed} of ${f.tests.total} tests failed.` : ""}`;
      const output = `${listed ? "Output:\n" : ""}${detail || "(no output)"}`;
      const notes = (f.notes ?? []).map((note) => `

Note: ${note}.`).join("");
      return `${[head, listed, output].filter(Boolean).join("\n\n")}${notes}${limitNote(f)}

Fix the code.`;
    }
    case "sandbox_error":
      return `${OURS.before}${f.reason ?? "unknown engine error"}${OURS.after}`;
  }
}
function timeoutCause({ cpuMs, timeoutMs, waitUnread }) {
  if (cpuMs === void 0) {
    return "A loop may never end or advance, or it waited for something that never came (input, a lock, a sleep); check both.";
  }
  const used = `It used the CPU for ${(cpuMs / 1e3).toFixed(1)} s of that time`;
  if (cpuMs * 2 >= timeoutMs)
    return `${used}: a loop probably never ends or never advances; check the loop conditions.`;
  if (waitUnread) {
    return `${used}: it was waiting (a sleep, input, a lock, a child process), or the engine's machine was too busy to run it (the time it waited for a CPU cannot be read on a remote engine, so the wall clock decided); check what it waits for, and run it again if it does not.`;
  }
  return `${used}: it was waiting (a sleep, input, a lock, a child process), not computing; check what it waits for.`;
}
;
const TAMPERING_NAMED = 3;
function tamperingList(tampering, shown2 = TAMPERING_NAMED) {
  const named = tampering.slice(0, shown2).map((t) => `${t.file}:${t.line} (${t.what})`);
  const more = tampering.length > shown2 ? ` and ${tampering.length - shown2} more` : "";
  return `${named.join(", ")}${more}`;
}
function tamperedVerdict(verdict, tampering, failOn) {
  if (tampering.length === 0)
    return verdict;
  const marked = { ...verdict, tampering: [...tampering] };
  if (verdict.status !== "pass" || !failOn)
    return marked;
  const reason = `tampering: the tests passed, but the candidate's code reaches into the judge at ${tamperingList(tampering)}, and fail-on names tampering`;
  return { ...marked, status: "test_failed", reason };
}
function protectedVerdict(verdict, files) {
  if (files.length === 0)
    return verdict;
  const marked = { ...verdict, protected: [...files] };
  if (verdict.status === "sandbox_error")
    return marked;
  const note = `with the base's versions of the protected files, the tests ended ${statuses_STATUS_INFO[verdict.status].label}`;
  return { ...marked, status: "protected", ran: verdict.status, notes: [...verdict.notes ?? [], note] };
}
function testsFeedback(verdict) {
  const { tests, compare: compare2 } = verdict;
  if (!tests)
    return void 0;
  const failingNow = tests.cases.filter(isFailing);
  const byId = new Map(tests.cases.map((c) => [c.id, c]));
  const failing2 = compare2 ? blamed(compare2).map((id) => {
    const c = byId.get(id);
    return c && isFailing(c) ? { id, ...c.message && { message: c.message } } : { id, message: "passed on the base; missing or skipped with this patch" };
  }) : failingNow.map((c) => ({ id: c.id, ...c.message && { message: c.message } }));
  return {
    failing: failing2,
    total: tests_testCount(tests),
    failed: tests.counts.failed + tests.counts.error,
    preexisting: compare2?.fail_to_fail ?? []
  };
}
const NO_OUTPUT = { text: "", truncated: false, bytes: 0 };
function resultOf(candidate, verdict) {
  const { facts, limits } = verdict;
  const stdout = facts?.stdout ?? NO_OUTPUT;
  const stderr = facts?.stderr ?? NO_OUTPUT;
  const exitCode = facts?.exitCode ?? null;
  const signal = (verdict.ran ?? verdict.status) === "test_failed" ? facts?.signal ?? null : null;
  const truncated = { stdout: stdout.truncated, stderr: stderr.truncated };
  return report_newResult({
    id: candidate.id,
    source: candidate.source,
    url: candidate.url,
    author: candidate.author,
    language: verdict.language,
    status: verdict.status,
    exit_code: exitCode,
    signal,
    duration_ms: facts?.durationMs ?? 0,
    ...facts?.cpuMs !== void 0 && { cpu_ms: facts.cpuMs },
    stdout: stdout.text,
    stderr: stderr.text,
    truncated,
    feedback: feedback_feedbackFor({
      status: verdict.status,
      stdout: stdout.text,
      stderr: stderr.text,
      truncated,
      signal,
      exitCode,
      timeoutMs: limits.timeoutMs,
      memoryBytes: limits.memoryBytes,
      pidsLimit: limits.pidsLimit,
      ...facts?.cpuMs !== void 0 && { cpuMs: facts.cpuMs },
      ...facts?.cpuMs !== void 0 && facts.waitedMs === void 0 && { waitUnread: true },
      ...(verdict.ran ?? verdict.status) === "oom" && facts?.timedOut ? { heldAtLimit: true } : {},
      ...verdict.syntax ? { syntax: verdict.syntax } : {},
      ...verdict.reason ? { reason: verdict.reason } : {},
      ...verdict.setupFailed && { setupFailed: true },
      ...verdict.tests && { tests: testsFeedback(verdict) },
      ...verdict.notes && { notes: verdict.notes },
      ...verdict.ran && { protection: { files: verdict.protected ?? [], ran: verdict.ran } }
    }),
    syntax: verdict.syntax,
    changed_files: verdict.patch?.changedFiles,
    patch_strategy: verdict.patch?.strategy,
    protected: verdict.protected,
    resolved: verdict.resolved,
    tests: verdict.tests,
    compare: verdict.compare,
    attempts: verdict.attempts,
    flaky: verdict.flaky,
    retried: verdict.retried,
    notes: verdict.notes,
    task: candidate.task,
    repo: candidate.repo,
    model: candidate.model,
    listed: verdict.listed,
    // SWE-bench counts an empty prediction apart from one that does not apply (reporting.py).
    ...candidate.kind === "patch" && candidate.text.trim() === "" && { empty_patch: true },
    tampering: verdict.tampering
  });
}
function result_invalidEntryResult(id, source, problem, limits) {
  const empty = { stdout: "", stderr: "", truncated: { stdout: false, stderr: false } };
  return newResult({
    id,
    source,
    language: null,
    status: "no_code",
    exit_code: null,
    signal: null,
    duration_ms: 0,
    ...empty,
    feedback: feedbackFor({
      status: "no_code",
      ...empty,
      signal: null,
      exitCode: null,
      timeoutMs: limits.timeoutMs,
      memoryBytes: limits.memoryBytes,
      reason: `${source}: ${problem}`
    })
  });
}
function result_decide(results, failOn) {
  const failing2 = results.filter((r) => failOn.has(r.status));
  if (failing2.length === 0)
    return { failed: false, reason: `all ${results.length} candidates passed the gate` };
  const counts = /* @__PURE__ */ new Map();
  for (const r of failing2)
    counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const detail = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
  return { failed: true, reason: `${failing2.length} of ${results.length} candidates failed the gate (${detail})` };
}
;
function runContext(parts, log) {
  return {
    ...parts,
    prepareImage: parts.prepareImage ?? new ImageGate(parts.engine, parts.settings.run.pull, log).prepare,
    baselineRuns: new BaselineRuns()
  };
}
function syntaxOf(checks, facts) {
  const readings = checks.map((group) => ({
    group,
    syntax: parseCheckOutput(group.language, facts.checkOutput, group.files[0], facts.checkVerdict)
  }));
  return (readings.find(({ group, syntax }) => syntax.file !== void 0 && group.files.includes(syntax.file)) ?? readings[0]).syntax;
}
function imageWorkdirOf(candidate, image) {
  return candidate.overrides?.imageWorkdir ?? image_reference_knownImageWorkdir(image);
}
function delivered(prepared, candidate, ctx) {
  const { commit, whole } = prepared;
  if (prepared.start !== "tree" || commit === void 0 || !whole || !ctx.commitCandidates)
    return prepared;
  const delivery = treeDelivery({
    candidates: ctx.commitCandidates(commit),
    treeBytes: filesBytes(whole),
    setup: ctx.settings.run.setup !== void 0,
    imageWorkdir: imageWorkdirOf(candidate, imageFor(ctx.settings, prepared.language, candidate)) !== void 0,
    compareBase: ctx.settings.run.compare === "base"
  });
  if (delivery === "share")
    return prepared;
  const { start: _start, deleted: _deleted, commit: _commit, whole: _whole, ...streamed } = prepared;
  return { ...streamed, files: whole };
}
async function place(prepared, candidate, ctx) {
  const { settings } = ctx;
  const { language, limits } = prepared;
  const image = imageFor(settings, language, candidate);
  const imageProblem = await ctx.prepareImage(image);
  if (imageProblem)
    return { status: "sandbox_error", language, limits, reason: imageProblem };
  const { services } = settings.run;
  for (const service of services) {
    const problem = await ctx.prepareImage(service.image);
    if (problem)
      return { status: "sandbox_error", language, limits, reason: `service '${service.name}': ${problem}` };
  }
  const workdir = imageWorkdirOf(candidate, image);
  const start = prepared.start ?? (workdir !== void 0 && ctx.runImages ? "tests" : void 0);
  const made = start ? await ctx.runImages.image(image, start, ctx.testFiles, prepared.commit, workdir, prepared.setup) : void 0;
  if (made && !made.ok && made.bySetup && prepared.setup) {
    const base = await ctx.runImages.image(image, start, ctx.testFiles, prepared.commit, workdir);
    if (base.ok)
      return setupFailed(prepared, made);
  }
  if (made && !made.ok) {
    return {
      status: "sandbox_error",
      language,
      limits,
      reason: `the run's base could not be made: ${made.reason}${made.output ? `

${made.output.trimEnd()}` : ""}`
    };
  }
  if (made)
    ctx.baseMade?.(candidate);
  const { testResults } = settings.run;
  const format = formats_formatOf(candidate.overrides, settings);
  const log = formats_readsLog(format);
  return {
    image: made?.image ?? image,
    format,
    ...prepared.setup && start && { base: () => ctx.runImages.image(image, start, ctx.testFiles, prepared.commit, workdir) },
    job: {
      image: made?.image ?? image,
      command: candidate.overrides?.command || settings.run.command || LANGUAGES[language].command,
      limits,
      labels: { [job_RUN_LABEL]: ctx.runId },
      ...services.length > 0 && { services },
      ...made && { tree: RUN_TREE },
      ...workdir !== void 0 && { workdir },
      ...!log && testResults.length > 0 && { results: findPatterns(testResults) },
      ...log && { keepLog: MAX_RESULTS_FILE_BYTES }
    }
  };
}
function setupFailed(prepared, made) {
  const { language, limits } = prepared;
  const touched = describeSetupChange(prepared.setup);
  const output = made.output ?? "";
  return {
    status: "test_failed",
    language,
    limits,
    reason: `the setup failed on this change to what it reads (${touched}): ${made.reason}; the tests did not run`,
    setupFailed: true,
    facts: {
      phase: "setup",
      exitCode: null,
      signal: null,
      timedOut: false,
      oomKilled: false,
      stdout: { text: output, truncated: false, bytes: Buffer.byteLength(output) },
      stderr: { text: "", truncated: false, bytes: 0 },
      checkOutput: "",
      durationMs: 0
    }
  };
}
function readingOf(facts, format, ctx) {
  const parser = resultsParser(format);
  if (parser.reads === "log")
    return { reading: readLogResults(facts.log, parser), source: { log: parser.format } };
  const globs = ctx.settings.run.testResults;
  return globs.length > 0 ? { reading: readResults(facts.results, globs, parser), source: globs } : void 0;
}
async function runOnce(job, language, checks, ctx, format) {
  const facts = await ctx.engine.run(job);
  const status = classify(facts);
  const verdict = { status, language, limits: job.limits, facts };
  if (facts.sandboxError)
    verdict.reason = facts.sandboxError;
  if (status === "syntax_error")
    verdict.syntax = syntaxOf(checks, facts);
  if (status === "sandbox_error" && !facts.sandboxError)
    verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
  const read = RAN_TO_END.has(status) ? readingOf(facts, format, ctx) : void 0;
  if (read) {
    const { reading, source } = read;
    const judged = judgeByTests(status, reading, source);
    verdict.status = judged.status;
    if (judged.reason)
      verdict.reason = judged.reason;
    if (reading.tests)
      verdict.tests = reading.tests;
    if (reading.notes.length > 0)
      verdict.notes = reading.notes;
  }
  if (facts.log) {
    const { log: _read, ...kept } = facts;
    void _read;
    verdict.facts = kept;
  }
  return verdict;
}
async function runRetried(job, language, checks, ctx, format) {
  const first = await runOnce(job, language, checks, ctx, format);
  if (first.status !== "sandbox_error")
    return first;
  const again = await runOnce(job, language, checks, ctx, format);
  const note = `retried once in a fresh container after a failure of ours: ${first.reason ?? "no message"}`;
  return { ...again, retried: true, notes: [note, ...again.notes ?? []] };
}
async function runBaseline(prepared, placement, ctx) {
  const job = { ...placement.job, files: prepared.unpatched ?? [], deleted: [] };
  const run2 = await runRetried(job, prepared.language, [], ctx, placement.format);
  const exitCode = RAN_TO_END.has(run2.status) ? run2.facts?.exitCode ?? null : null;
  const notes = [...run2.notes ?? [], ...run2.status === "sandbox_error" && run2.reason ? [run2.reason] : []];
  const why = voidReason(run2.status);
  return {
    status: run2.status,
    exitCode,
    durationMs: run2.facts?.durationMs ?? 0,
    ...run2.tests && { tests: run2.tests },
    notes,
    ...why && { void: why }
  };
}
async function baselinePlacement(placement) {
  if (!placement.base)
    return placement;
  const made = await placement.base();
  if (!made.ok)
    return { ...placement, unmade: `the base's run image could not be made: ${made.reason}` };
  return { ...placement, image: made.image, job: { ...placement.job, image: made.image } };
}
function unmadeBase(reason) {
  const why = voidReason("sandbox_error");
  return { status: "sandbox_error", exitCode: null, durationMs: 0, notes: [reason], ...why && { void: why } };
}
async function compared(verdict, prepared, placement, ctx) {
  if (ctx.settings.run.compare !== "base" || !prepared.patch || !RAN_TO_END.has(verdict.status))
    return verdict;
  const at = await baselinePlacement(placement);
  const key = { image: at.image, command: at.job.command, files: prepared.unpatched ?? [], format: at.format };
  const baseline = await ctx.baselineRuns.get(key, () => at.unmade === void 0 ? runBaseline(prepared, at, ctx) : Promise.resolve(unmadeBase(at.unmade)));
  const judged = judgeAgainstBase(verdict, baseline);
  const next = { ...verdict, status: judged.status };
  if (judged.compare)
    next.compare = judged.compare;
  if (judged.note)
    next.notes = [...verdict.notes ?? [], judged.note];
  if (judged.status === "pass")
    delete next.reason;
  return next;
}
function byLists(verdict, instance) {
  if (!instance || !resolved_listsTests(instance) || verdict.status === "sandbox_error")
    return verdict;
  const judged = judgeByLists(verdict, instance);
  const next = { ...verdict, status: judged.status, resolved: judged.resolved, listed: judged.listed };
  if (judged.reason)
    next.reason = judged.reason;
  else if (judged.clearReason)
    delete next.reason;
  return next;
}
function endGuard(prepared, job) {
  const code = prepared.checks.filter((group) => group.language === "python").flatMap((group) => group.files);
  return pythonEndGuard(job.workdir ?? policy_WORKDIR, code);
}
function withWarmCheck(prepared) {
  const warm = warmCheck(prepared.checks, prepared.files);
  return warm ? { warmCheck: warm } : {};
}
async function runPrepared(given, candidate, ctx) {
  const prepared = delivered(given, candidate, ctx);
  const placement = await place(prepared, candidate, ctx);
  if ("status" in placement)
    return placement;
  const { reruns } = ctx.settings.run;
  const fused = syntax_checkAndRun(prepared.checks, placement.job.command, placement.job.results);
  const job = {
    ...placement.job,
    files: prepared.files,
    check: fused ?? checkFiles(prepared.checks),
    // Where the check runs the candidate's file itself, that file is the program: nothing to guard.
    ...fused ? { checkRuns: true } : { ...withWarmCheck(prepared), guard: endGuard(prepared, placement.job) },
    ...prepared.start && { deleted: prepared.deleted ?? [] }
  };
  const attempts = [];
  const runs = [];
  for (let attempt = 1; ; attempt++) {
    const run2 = await runRetried({ ...job, attempt }, prepared.language, prepared.checks, ctx, placement.format);
    const verdict2 = byLists(await compared(run2, prepared, placement, ctx), candidate.instance);
    runs.push(verdict2);
    attempts.push({ status: verdict2.status, duration_ms: verdict2.facts?.durationMs ?? 0 });
    if (!rerunAfter(verdict2.status, attempt, reruns))
      break;
  }
  const last = runs.at(-1);
  if (reruns === 0)
    return last;
  const flaky = isFlaky(attempts);
  const verdict = { ...last, attempts, flaky };
  if (last.tests)
    verdict.tests = markFlaky(last.tests, flakyCases(runs.map((run2) => run2.tests)));
  if (flaky && last.status === "pass" && ctx.settings.run.failOnFlaky)
    return { ...verdict, status: "test_failed", reason: flakyFailure(attempts) };
  return verdict;
}
async function judge(candidate, ctx) {
  const { runImages } = ctx;
  const named = candidate.instance?.baseCommit;
  const prepared = await prepareCandidate(candidate, {
    settings: ctx.settings,
    testFiles: ctx.testFiles,
    ...runImages && { tree: (commit) => runImages.commitTree(commit) },
    // Without a run's repository (a caller that judges without one) the name stays, and the candidate is refused.
    ...named !== void 0 && { commit: runImages ? runImages.commit(named) : named }
  });
  if ("status" in prepared)
    return prepared;
  let verdict = await runPrepared(prepared, candidate, ctx);
  let ran = prepared;
  for (const fallback of prepared.fallbacks ?? []) {
    if (verdict.status !== "syntax_error")
      break;
    const next = await runPrepared(fallback, candidate, ctx);
    if (next.status !== "syntax_error")
      [verdict, ran] = [next, fallback];
  }
  verdict = protectedVerdict(verdict, prepared.protected ?? []);
  verdict = tamperedVerdict(verdict, ran.tampering ?? [], ctx.settings.run.failOnTampering);
  return prepared.patch ? { ...verdict, patch: prepared.patch } : verdict;
}
async function pipeline_judgeCandidate(candidate, ctx) {
  let verdict;
  try {
    verdict = await judge(candidate, ctx);
  } catch (error) {
    if (error instanceof errors_InputError)
      throw error;
    verdict = {
      status: "sandbox_error",
      language: null,
      limits: candidateLimits(ctx.settings, candidate, false),
      reason: `internal error: ${error.message}`
    };
  }
  if (resolved_listsTests(candidate.instance) && verdict.resolved === void 0 && verdict.status !== "sandbox_error")
    verdict = { ...verdict, resolved: "no" };
  if (candidate.instance && resolved_listsTests(candidate.instance) && verdict.listed === void 0)
    verdict = { ...verdict, listed: listedBy(void 0, candidate.instance) };
  return resultOf(candidate, verdict);
}
;
function audit_auditFile(path2) {
  mkdirSync(dirname(path2), { recursive: true });
  return (event) => appendFileSync(path2, `${JSON.stringify(event)}
`);
}
;
function resolved_rate_countResolved(results) {
  if (!results.some((r) => r.resolved !== void 0))
    return void 0;
  const counts = Object.fromEntries(RESOLVED.map((r) => [r, 0]));
  for (const r of results)
    if (r.resolved !== void 0)
      counts[r.resolved]++;
  return counts;
}
const Z_95 = 1.959963984540054;
function wilsonInterval(successes, n, z = Z_95) {
  if (n <= 0 || successes < 0 || successes > n)
    return void 0;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = z / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half)
  };
}
function resolvedRate(counts) {
  const of = counts.full + counts.partial + counts.no;
  const interval = wilsonInterval(counts.full, of);
  if (!interval)
    return void 0;
  return { value: counts.full / of, ...interval, level: 0.95, method: "wilson" };
}
function resolvedByRepo(results) {
  const counts = /* @__PURE__ */ new Map();
  for (const r of results) {
    if (r.resolved === void 0 || r.repo === void 0)
      continue;
    const c = counts.get(r.repo) ?? { resolved: 0, total: 0 };
    c.total++;
    if (r.resolved === "full")
      c.resolved++;
    counts.set(r.repo, c);
  }
  if (counts.size === 0)
    return void 0;
  return Object.fromEntries([...counts].sort(([a], [b]) => ascending(a, b)));
}
function resolved_rate_resolvedFigures(results) {
  const resolved = resolved_rate_countResolved(results);
  if (!resolved)
    return {};
  const rate = resolvedRate(resolved);
  const byRepo = resolvedByRepo(results);
  return { resolved, ...rate && { rate }, ...byRepo && { byRepo } };
}
const percent = (rate) => `${(rate * 100).toFixed(1)}%`;
function resolved_rate_resolvedText(counts) {
  const of = counts.full + counts.partial + counts.no;
  const rate = resolvedRate(counts);
  const shown2 = rate ? `${percent(rate.value)}, 95% CI ${(rate.low * 100).toFixed(1)}\u2013${percent(rate.high)}` : "none judged";
  return `resolved ${counts.full} of ${of} (${shown2})${counts.partial > 0 ? `, ${counts.partial} partial` : ""}`;
}
const REPOS_SHOWN = 30;
function resolved_rate_byRepoText(byRepo, name) {
  const entries = Object.entries(byRepo);
  const shown2 = entries.slice(0, REPOS_SHOWN).map(([repo, c]) => `${name(repo)} ${c.resolved} of ${c.total}`);
  const more = entries.length > REPOS_SHOWN ? `, and ${entries.length - REPOS_SHOWN} more` : "";
  return `resolved by repository: ${shown2.join(", ")}${more}`;
}
;
function json_countByStatus(results) {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const r of results)
    counts[r.status]++;
  return counts;
}
function json_buildReport(results, skipped, { shard, base, passAtK = [] } = {}) {
  const scores = scorePassAtK(results, passAtK);
  const { resolved, rate, byRepo } = resolvedFigures(results);
  return {
    version: 1,
    ...shard !== void 0 && { shard: { index: shard.index, count: shard.count } },
    summary: {
      total: results.length,
      by_status: json_countByStatus(results),
      ...resolved && { resolved },
      ...rate && { resolved_rate: rate },
      ...byRepo && { by_repo: byRepo }
    },
    results: results.map(newResult),
    skipped: skipped.map((s) => inSchemaOrder(SKIPPED_SCHEMA, s)),
    ...base && { base },
    ...scores && { pass_at_k: scores }
  };
}
function compactResults(results) {
  return results.map(({ id, status, exit_code, duration_ms }) => ({ id, status, exit_code, duration_ms }));
}
;
const icons_SKIPPED_ICON = "\u23ED\uFE0F";
function icons_verdictIcon(failed, ours) {
  if (!failed)
    return STATUS_INFO.pass.icon;
  return ours ? STATUS_INFO.sandbox_error.icon : STATUS_INFO.test_failed.icon;
}
;
const COMMENT_MAX_LENGTH = 65536;
const SUMMARY_MAX_LENGTH = Math.floor(1024 * 1024 / 3);
const CHECK_SUMMARY_MAX_LENGTH = 65535;
const TERMINAL_ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
const INVISIBLE = /[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function markdown_cleanText(text) {
  return text.replace(TERMINAL_ESCAPES, "").replace(/\r\n?/g, "\n").replace(INVISIBLE, visible);
}
function visible(char) {
  const code = char.charCodeAt(0);
  if (code < 32)
    return String.fromCharCode(9216 + code);
  if (code === 127)
    return "\u2421";
  if (code >= 55296 && code <= 57343)
    return "\uFFFD";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}
function neutralizeMentions(text) {
  return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200B");
}
function neutralizeAutolinks(text) {
  return text.replace(/:\/\//g, ":/\u200B/").replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\u200B.`);
}
const HTML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function escapeHtml(text) {
  return neutralizeMentions(markdown_cleanText(text).replace(/[&<>"]/g, (c) => HTML_ENTITIES[c] ?? c));
}
function escapeMarkdown(text) {
  const line = markdown_cleanText(text).replace(/\s*\n\s*/g, " ").replace(/\t/g, " ");
  return neutralizeAutolinks(neutralizeMentions(line.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c).replace(/[\\`*_[\]!|~$]/g, "\\$&")));
}
function neutralizeMarker(text) {
  return text.replace(/<!--/g, "<!\u200B--");
}
function longestBackticks(text) {
  let longest = 0;
  for (const run2 of text.match(/`+/g) ?? [])
    longest = Math.max(longest, run2.length);
  return longest;
}
function codeSpan(text) {
  const flat = neutralizeMarker(neutralizeMentions(markdown_cleanText(text))).replace(/\s+/g, " ").trim();
  if (flat === "")
    return "";
  const ticks = "`".repeat(longestBackticks(flat) + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
function cellCodeSpan(text) {
  return codeSpan(text).replace(/\|/g, "\\|");
}
function fence(text) {
  const safe = neutralizeMarker(neutralizeMentions(markdown_cleanText(text)));
  const ticks = "`".repeat(Math.max(3, longestBackticks(safe) + 1));
  return `${ticks}
${safe}
${ticks}`;
}
function safeUrl(url) {
  if (url === void 0 || !URL.canParse(url))
    return void 0;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return void 0;
  return parsed.href.replace(/[|()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function markdown_clip(text, cap) {
  if (text.length <= cap)
    return { head: text, omitted: 0, tail: "" };
  let headEnd = Math.ceil(cap / 2);
  let tailStart = text.length - (cap - headEnd);
  if (isHighSurrogate(text.charCodeAt(headEnd - 1)))
    headEnd--;
  if (isHighSurrogate(text.charCodeAt(tailStart - 1)))
    tailStart++;
  return { head: text.slice(0, headEnd), omitted: tailStart - headEnd, tail: text.slice(tailStart) };
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
const SHRINK_ORDER = (
  /* unused pure expression or super */
  null
);
const UNLIMITED = {
  passOutput: Infinity,
  failOutput: Infinity,
  feedback: Infinity,
  history: Infinity,
  skipped: Infinity,
  steps: Infinity,
  rows: Infinity
};
const LABEL_MAX = 100;
const REASON_MAX = 1e3;
const FILES_SHOWN = 3;
const NBSP = "\xA0";
function renderComment(input, maxLength = COMMENT_MAX_LENGTH) {
  return fit(input, { marker: input.marker, history: false, totals: false }, maxLength);
}
function renderSummary(input, maxLength = SUMMARY_MAX_LENGTH) {
  return fit(input, { history: true, totals: true }, maxLength);
}
function fit(input, shape, maxLength) {
  const doc = markdown_prepare(input, shape);
  let body = render(doc, UNLIMITED, maxLength);
  if (body.length <= maxLength)
    return body;
  const limits = { ...UNLIMITED };
  for (const kind of SHRINK_ORDER) {
    const fits = (value) => render(doc, { ...limits, [kind]: value }, maxLength).length <= maxLength;
    let [low, high] = [0, Math.min(upperBound(doc, kind), maxLength)];
    if (!fits(low)) {
      limits[kind] = 0;
      continue;
    }
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(mid))
        low = mid;
      else
        high = mid - 1;
    }
    limits[kind] = low;
    return render(doc, limits, maxLength);
  }
  body = render(doc, limits, maxLength);
  return body.length <= maxLength ? body : body.slice(0, maxLength);
}
function markdown_prepare(input, shape) {
  const conversation = input.results.length > 0 && input.results.every((r) => r.author !== void 0);
  const rows = input.results.map((r, i) => {
    const clean = { ...r, stdout: markdown_cleanText(r.stdout), stderr: markdown_cleanText(r.stderr), feedback: markdown_cleanText(r.feedback) };
    const feedback = r.status === "pass" ? "" : clean.feedback;
    const row = {
      r: clean,
      name: conversation ? `reply ${i + 1}` : r.id,
      deciding: input.deciding === void 0 || input.deciding.has(r.id),
      quoted: { stdout: shownInFeedback(feedback, clean.stdout), stderr: shownInFeedback(feedback, clean.stderr) }
    };
    return row.deciding && r.status !== "pass" ? { ...row, step: nextStep(row, conversation) } : row;
  });
  const ordered = conversation ? rows.reverse() : rows;
  return {
    input,
    shape,
    deciding: ordered.filter((row) => row.deciding),
    history: ordered.filter((row) => !row.deciding),
    conversation
  };
}
function upperBound(doc, kind) {
  const longest = (texts) => Math.max(0, ...texts.map((t) => t.length));
  const all = [...doc.deciding, ...doc.history].map((row) => row.r);
  const passing2 = all.filter((r) => r.status === "pass");
  const failing2 = all.filter((r) => r.status !== "pass");
  switch (kind) {
    case "passOutput":
      return longest(passing2.flatMap((r) => [r.stdout, r.stderr]));
    case "failOutput":
      return longest(failing2.flatMap((r) => [r.stdout, r.stderr]));
    case "feedback":
      return longest(failing2.map((r) => r.feedback));
    case "history":
      return doc.history.length;
    case "skipped":
      return doc.input.skipped.length;
    case "steps":
      return doc.deciding.filter((row) => row.step !== void 0).length;
    case "rows":
      return doc.deciding.length;
  }
}
function render(doc, given, maxLength) {
  const { input, shape } = doc;
  const shortened = given !== UNLIMITED;
  const cap = (n) => Math.min(n, maxLength);
  const limits = {
    ...given,
    passOutput: cap(given.passOutput),
    failOutput: cap(given.failOutput),
    feedback: cap(given.feedback)
  };
  const deciding = doc.deciding.slice(0, limits.rows);
  const history = doc.history.slice(0, limits.history);
  const withDetails = [...deciding, ...shape.history ? history : []];
  const blocks = [
    shape.marker,
    verdictLine(input),
    metaLine(doc, shape),
    shortened && `> **Note:** some output was shortened to keep this under ${maxLength} characters.`,
    deciding.length > 0 && table(doc, deciding, doc.deciding.length - deciding.length),
    stepsBlock(deciding, limits.steps),
    ...withDetails.map((row) => details(row, limits)),
    history.length > 0 && historyBlock(doc, history),
    skippedList(input.skipped, limits.skipped)
  ];
  return `${blocks.filter((b) => typeof b === "string" && b !== "").join("\n\n")}
`;
}
function verdictLine(input) {
  const icon = verdictIcon(input.gate.failed, input.ours === true);
  const reason = escapeMarkdown(markdown_clipped(input.gate.reason || (input.gate.failed ? "failed" : "passed"), REASON_MAX));
  const sha = input.commit && /^[0-9a-f]{7,64}$/.test(input.commit.sha) ? input.commit.sha.slice(0, 7) : void 0;
  const url = safeUrl(input.commit?.url);
  const at = sha ? ` \u2014 at ${url ? `[\`${sha}\`](${url})` : `\`${sha}\``}` : "";
  return `### ${icon} ${reason}${at}`;
}
function metaLine(doc, shape) {
  const { input } = doc;
  const runUrl = safeUrl(input.runUrl);
  const prUrl = safeUrl(input.pullRequest?.url);
  const carried = input.results.filter((r) => r.cached).length;
  const judged = input.results.length - carried;
  const resolved = countResolved(input.results);
  const parts = [
    shape.history && prUrl && `[pull request #${input.pullRequest.number}](${prUrl})`,
    runUrl && `[workflow run](${runUrl})`,
    carried > 0 && `${judged} judged, ${carried} carried over from earlier runs`,
    input.skipped.length > 0 && `${SKIPPED_ICON} ${input.skipped.length} skipped`,
    shape.totals && testTotals(doc),
    input.base && baseCell(input.base),
    resolved && resolvedText(resolved),
    `sandbox-gate`
  ];
  return parts.filter((p) => typeof p === "string").join(" \xB7 ");
}
function markdown_clipped(text, max) {
  const { head, omitted } = markdown_clip(text, max);
  return omitted > 0 ? `${head}\u2026` : head;
}
function markdown_label(text) {
  return escapeMarkdown(markdown_clipped(text, LABEL_MAX));
}
function iconed(status) {
  return `${STATUS_INFO[status].icon} ${STATUS_INFO[status].shown}`;
}
function markdown_plural(n, word, words = `${word}s`) {
  return `${n} ${n === 1 ? word : words}`;
}
function timeCell(r) {
  const ran = r.duration_ms > 0 && STATUS_INFO[r.status].sandboxed;
  return ran ? formatDuration(r.duration_ms).replace(/ /g, NBSP) : `not${NBSP}run`;
}
function nameCell(row, doc) {
  const { r } = row;
  const url = safeUrl(r.url);
  const name = url ? `[${markdown_label(row.name)}](${url})` : markdown_label(row.name);
  const by = r.author ? ` by ${markdown_label(r.author.startsWith("@") ? r.author : `@${r.author}`)}` : "";
  const latest = doc.conversation && row.deciding && doc.history.length > 0 ? " \xB7 latest" : "";
  return `${name}${by}${latest}`;
}
function baseCell(base) {
  const notes = [
    base.tests && `tests: ${testTally(base.tests.counts)}`,
    base.notes?.some((note) => note.includes("void")) && "comparison void"
  ].filter((n) => typeof n === "string");
  return `base: ${iconed(base.status)}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}
function testTotals(doc) {
  const tested = doc.deciding.flatMap((row) => row.r.tests ? [row.r.tests.counts] : []);
  if (tested.length < 2)
    return void 0;
  const whose = doc.conversation ? markdown_plural(tested.length, "reply", "replies") : markdown_plural(tested.length, "candidate");
  return `tests of ${whose}: ${testTally(totalCounts(tested))}`;
}
function resultCell(r, input) {
  const marks = [
    r.tests && `tests: ${testTally(r.tests.counts)}`,
    r.flaky && "flaky",
    r.retried && "retried after a failure of ours",
    protectedNote(r, FILES_SHOWN, markdown_label),
    tamperingNote(r, FILES_SHOWN, cellCodeSpan)
  ].filter((m) => typeof m === "string");
  const text = [iconed(r.status), ...marks].join(" \xB7 ");
  if (!r.cached)
    return text;
  const run2 = safeUrl(input.judgedIn?.get(r.id));
  return `${text} \xB7 ${run2 ? `[earlier run](${run2})` : "earlier run"}`;
}
function table(doc, rows, hidden) {
  const patch = rows.some((row) => row.r.changed_files !== void 0 || row.r.patch_strategy !== void 0);
  const time = rows.some((row) => timeCell(row.r) !== `not${NBSP}run`);
  const head = [
    doc.conversation ? "Reply" : "Candidate",
    "Result",
    ...time ? ["Time"] : [],
    ...patch ? ["Patch"] : []
  ];
  const align = ["---", "---", ...time ? ["--:"] : [], ...patch ? ["---"] : []];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const body = rows.map((row) => line([
    nameCell(row, doc),
    resultCell(row.r, doc.input),
    ...time ? [timeCell(row.r)] : [],
    ...patch ? [patchCell(row.r)] : []
  ]));
  const note = hidden > 0 ? `

\u2026 and ${markdown_plural(hidden, "more candidate")} not shown.` : "";
  return [line(head), line(align), ...body].join("\n") + note;
}
function historyBlock(doc, rows) {
  const passed = doc.history.filter((row) => row.r.status === "pass").length;
  const hidden = doc.history.length - rows.length;
  const summary = `<summary>History: ${markdown_plural(doc.history.length, "earlier reply", "earlier replies")}, ${passed} passed</summary>`;
  return ["<details>", summary, "", table(doc, rows, hidden), "", "</details>"].join("\n");
}
function patchCell(r) {
  const files = r.changed_files ?? [];
  const shown2 = files.slice(0, FILES_SHOWN).map(markdown_label).join(", ");
  const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
  const strategy = r.patch_strategy ? ` (${markdown_label(r.patch_strategy)})` : "";
  return `${shown2}${more}${strategy}` || "\u2014";
}
function markdown_outcome(r) {
  const where = syntaxWhere(r);
  const { shown: shown2 } = STATUS_INFO[r.status];
  const parts = [where ? `${shown2} at ${where}` : shown2];
  if (r.signal)
    parts.push(`signal ${r.signal}`);
  else if (r.exit_code !== null)
    parts.push(`exit ${r.exit_code}`);
  parts.push(timeCell(r).replace(new RegExp(NBSP, "g"), " "));
  return parts.join(", ");
}
function details(row, limits) {
  const { r } = row;
  const pass = r.status === "pass";
  const outputCap = pass ? limits.passOutput : limits.failOutput;
  const silent = r.stdout === "" && r.stderr === "";
  if (r.cached)
    return void 0;
  const extra = r.tests !== void 0 || (r.notes?.length ?? 0) > 0 || (r.attempts?.length ?? 0) > 1;
  if (pass ? outputCap === 0 || silent && !extra : outputCap === 0 && limits.feedback === 0)
    return void 0;
  const sections = [
    attemptsSection(r),
    testsSection(r),
    notesSection(r),
    pass ? void 0 : feedbackSection(r.feedback, limits.feedback),
    ...silent ? ["No output on stdout or stderr.\n"] : [
      stream("stdout", r.stdout, outputCap, r.truncated.stdout, row.quoted.stdout),
      stream("stderr", r.stderr, outputCap, r.truncated.stderr, row.quoted.stderr)
    ]
  ];
  const line = (text) => escapeHtml(text).replace(/\s*\n\s*/g, " ");
  const author = r.author ? ` by ${r.author.startsWith("@") ? r.author : `@${r.author}`}` : "";
  const summary = `<summary>${STATUS_INFO[r.status].icon} <b>${line(markdown_clipped(row.name, LABEL_MAX))}</b>${line(author)}: ${line(markdown_outcome(r))}</summary>`;
  return ["<details>", summary, "", ...sections.filter((s) => s !== void 0), "</details>"].join("\n");
}
const FAILURES_SHOWN = 3;
const SAID_MAX = 240;
function stepsBlock(rows, shown2) {
  const steps = rows.flatMap((row) => row.step === void 0 ? [] : [row.step]);
  if (steps.length === 0)
    return void 0;
  const items = steps.slice(0, shown2);
  if (steps.length > items.length)
    items.push(`- \u2026 and ${markdown_plural(steps.length - items.length, "more candidate")}`);
  return [`**Next steps**`, "", ...items].join("\n");
}
function nextStep(row, conversation) {
  const { r } = row;
  const by = r.author ? ` by ${markdown_label(r.author.startsWith("@") ? r.author : `@${r.author}`)}` : "";
  const item = (text) => `- ${STATUS_INFO[r.status].icon} **${markdown_label(row.name)}**${by}: ${text}`;
  if (STATUS_INFO[r.status].ours)
    return item(`our failure, not the code's: re-run${cause(r.feedback)}`);
  const patch = r.changed_files !== void 0 || r.patch_strategy !== void 0;
  const subject = patch ? "the patch" : conversation ? "the reply" : "the candidate";
  const failures = STATUS_INFO[r.status].sandboxed ? failuresOf(r, FAILURES_SHOWN) : { shown: [], total: 0 };
  if (failedForTampering(r))
    return item(`the tests passed, but ${subject}'s code reaches into the judge: remove it` + tamperingLines(r, codeSpan, markdown_label).map((line) => `
  - ${line}`).join(""));
  switch (r.status) {
    case "protected": {
      const ran = failures.total > 0 ? `; with the base's versions, ${testsFail(failures.total)}` : "";
      return item(`${protectedStep(r, FILES_SHOWN, codeSpan)}${ran}${subItems(failures)}`);
    }
    case "syntax_error": {
      const where = syntaxWhere(r);
      const said = r.syntax?.message ? ` \u2014 ${codeSpan(markdown_clipped(r.syntax.message, SAID_MAX))}` : cause(r.feedback);
      return item(`fix the syntax error${where ? ` at ${markdown_label(where)}` : ""}${said}`);
    }
    case "patch_failed":
      return item(`regenerate the patch against the current files${cause(r.feedback)}`);
    case "test_failed":
      return item(testsStep(r, failures, patch ? void 0 : `${subject}'s code`));
    default:
      return item(`${subject} ${STATUS_INFO[r.status].phrase}${cause(r.feedback)}`) + subItems(failures);
  }
}
function testsStep(r, failures, whose) {
  const { shown: shown2, total } = failures;
  if (total === 0)
    return `${whose ?? "the patch"} fails the tests${cause(r.feedback)}`;
  if (whose === void 0)
    return `fix ${changedFiles(r)}: ${testsFail(total)}${subItems(failures)}`;
  if (total > 1)
    return `${whose} fails ${markdown_plural(total, "test")}${subItems(failures)}`;
  return `${whose} fails ${shown2[0].name === void 0 ? "the tests \u2014 " : ""}${failureText(shown2[0])}`;
}
function testsFail(n) {
  return `${markdown_plural(n, "test")} ${n === 1 ? "fails" : "fail"}`;
}
function syntaxWhere(r) {
  return r.syntax && [r.syntax.file, r.syntax.line, r.syntax.column].filter((p) => p !== void 0).join(":");
}
function changedFiles(r) {
  const files = r.changed_files ?? [];
  if (files.length === 0)
    return "the patch";
  const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
  return `${files.slice(0, FILES_SHOWN).map((f) => codeSpan(markdown_clipped(f, LABEL_MAX))).join(", ")}${more}`;
}
function cause(feedback) {
  const first = feedback.split("\n").find((line) => line.trim() !== "");
  return first ? ` \u2014 ${escapeMarkdown(markdown_clipped(first.trim(), SAID_MAX))}` : "";
}
function failureText(f) {
  const name = f.name !== void 0 ? codeSpan(markdown_clipped(f.name, LABEL_MAX)) : "";
  const where = f.where ? ` (${markdown_label(f.where)})` : "";
  const said = f.message ? codeSpan(markdown_clipped(f.message, SAID_MAX)) : "";
  return [`${name}${where}`, said].filter((part) => part !== "").join(" \u2014 ");
}
function subItems({ shown: shown2, total }) {
  const items = shown2.map((f) => `
  - ${failureText(f)}`);
  if (total > shown2.length)
    items.push(`
  - \u2026 and ${total - shown2.length} more`);
  return items.join("");
}
const FAILING_TESTS_SHOWN = 10;
function testsSection(r) {
  const { tests, compare: compare2 } = r;
  if (!tests)
    return void 0;
  const { held, preexisting } = failingCases(r);
  const ordered = [...held, ...preexisting];
  const items = ordered.slice(0, FAILING_TESTS_SHOWN).map((c) => {
    const where = c.file ? ` (${markdown_label(c.file)}${c.line ? `:${c.line}` : ""})` : "";
    const first = c.message?.split("\n").find((line) => line.trim() !== "");
    const said = first ? `: ${escapeMarkdown(markdown_clipped(first.trim(), REASON_MAX / 5))}` : "";
    const already = preexisting.includes(c) ? " \u2014 already failing on the base" : "";
    return `- ${markdown_label(c.id)}${where}${said}${already}${c.flaky ? " \xB7 flaky" : ""}`;
  });
  if (ordered.length > FAILING_TESTS_SHOWN)
    items.push(`- \u2026 and ${ordered.length - FAILING_TESTS_SHOWN} more`);
  const against = compare2 ? `Against the base: ${[
    `${compare2.fail_to_pass?.length ?? 0} fixed`,
    `${compare2.pass_to_fail?.length ?? 0} broken`,
    `${compare2.new_failing?.length ?? 0} new failing`,
    `${compare2.fail_to_fail?.length ?? 0} already failing (not counted)`
  ].join(", ")}.` : void 0;
  const head = `**Tests**: ${testTally(tests.counts)}`;
  const flaky = tests.cases.filter((c) => c.flaky && !ordered.includes(c));
  const flakyLine = flaky.length ? `Flaky (failed in one attempt, passed in another): ${flaky.slice(0, FAILING_TESTS_SHOWN).map((c) => markdown_label(c.id)).join(", ")}${flaky.length > FAILING_TESTS_SHOWN ? ", \u2026" : ""}` : void 0;
  return `${[head, against, items.length > 0 ? items.join("\n") : void 0, flakyLine].filter(Boolean).join("\n\n")}
`;
}
function attemptsSection(r) {
  if (!r.attempts || r.attempts.length < 2)
    return void 0;
  const steps = r.attempts.map((a) => `${iconed(a.status)} (${formatDuration(a.duration_ms)})`);
  return `**Attempts**: ${steps.join(" \u2192 ")}${r.flaky ? " \u2014 flaky" : ""}
`;
}
function notesSection(r) {
  if (!r.notes || r.notes.length === 0)
    return void 0;
  return `${r.notes.map((note) => `> **Note:** ${escapeMarkdown(markdown_clipped(note, REASON_MAX))}`).join("\n>\n")}
`;
}
function shownInFeedback(feedback, output) {
  const quoted = output.trim();
  if (quoted === "" || feedback === "")
    return false;
  const wholeLines = (at) => at !== -1 && blankTo(feedback, at - 1, -1) && blankTo(feedback, at + quoted.length, 1);
  return wholeLines(feedback.indexOf(quoted)) || wholeLines(feedback.lastIndexOf(quoted));
}
function blankTo(text, at, step) {
  for (let i = at; i >= 0 && i < text.length; i += step) {
    if (text[i] === "\n")
      return true;
    if (text[i] !== " " && text[i] !== "	")
      return false;
  }
  return true;
}
function stream(title, text, cap, cutBySandbox, quoted) {
  if (quoted)
    return `**${title}**${sandboxCut(cutBySandbox)}: in the feedback above
`;
  return section(title, text, cap, cutBySandbox);
}
function sandboxCut(cutBySandbox) {
  return cutBySandbox ? " (cut at `max-output` by the sandbox)" : "";
}
function section(title, text, cap, cutBySandbox) {
  const note = sandboxCut(cutBySandbox);
  if (text === "")
    return `**${title}**: empty
`;
  if (cap === 0)
    return `**${title}**: omitted for length
`;
  return `**${title}**${note}

${excerpt(text, cap)}
`;
}
function feedbackSection(text, cap) {
  if (text === "")
    return "**Feedback**: empty\n";
  if (cap === 0)
    return "**Feedback**: omitted for length\n";
  return `**Feedback**

${excerpt(text, cap)}
`;
}
function excerpt(text, cap) {
  const { head, omitted, tail: tail2 } = markdown_clip(text.replace(/\n+$/, ""), cap);
  return fence(omitted > 0 ? `${head}
[\u2026 ${omitted} characters omitted \u2026]
${tail2}` : head);
}
function skippedList(skipped, shown2) {
  if (skipped.length === 0)
    return void 0;
  const items = skipped.slice(0, shown2).map((s) => {
    const url = safeUrl(s.url);
    const where = url ? `[comment](${url})` : markdown_label(s.source);
    return `- ${SKIPPED_ICON} **${markdown_label(s.id)}**: ${escapeMarkdown(markdown_clipped(s.reason, REASON_MAX))} (${where})`;
  });
  const hidden = skipped.length - items.length;
  if (hidden > 0)
    items.push(`- \u2026 and ${hidden} more`);
  return [`**Skipped** (not run):`, "", ...items].join("\n");
}
;
function table_plainText(text) {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}
function renderTable(outcome2, paint = (_, cell) => cell) {
  const resolved = countResolved(outcome2.results);
  const column = (cells) => resolved ? cells : cells.slice(0, -1);
  const rows = [
    column(["id", "status", "exit", "signal", "time", "resolved"]),
    ...outcome2.results.map((r) => column([
      table_plainText(r.id),
      r.status,
      r.exit_code === null ? "-" : String(r.exit_code),
      r.signal ?? "-",
      `${(r.duration_ms / 1e3).toFixed(2)}s`,
      r.resolved ?? "-"
    ])),
    ...outcome2.skipped.map((s) => column([table_plainText(s.id), "skipped", "-", "-", "-", "-"]))
  ];
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  const notes = outcome2.results.flatMap((r) => {
    const note = protectedNote(r, Number.POSITIVE_INFINITY);
    const said = note ? [table_plainText(`${r.id}: ${note} (the base's versions ran)`)] : [];
    return [...said, ...tamperingLines(r).map((line) => table_plainText(`${r.id}: reaches into the judge at ${line}`))];
  });
  return [...tableLines(rows, widths, paint), ...notes, ...resolved ? [resolvedText(resolved)] : []].join("\n");
}
function tableLines(rows, widths, paint) {
  return rows.map((row, index) => row.map((cell, col) => col === 1 && index > 0 ? paint(cell, cell.padEnd(widths[col])) : cell.padEnd(widths[col])).join("  ").trimEnd());
}
;
function quantile(values, q) {
  if (values.length === 0)
    return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank2 = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank2 - 1];
}
function runTimes(results) {
  return results.filter((r) => CODE_RAN.has(r.status)).map((r) => r.duration_ms);
}
function judgedOf(results) {
  return results.filter((r) => r.status !== "sandbox_error");
}
function passRate(results) {
  const judged = judgedOf(results);
  if (results.length === 0)
    return 0;
  return judged.length === 0 ? null : judged.filter((r) => r.status === "pass").length / judged.length;
}
function evaluation_evaluate(results, baseline, ks = [1]) {
  const times = runTimes(results);
  const evaluation = {
    total: results.length,
    judged: judgedOf(results).length,
    byStatus: countByStatus(results),
    passRate: passRate(results),
    time: {
      ran: times.length,
      medianMs: quantile(times, 0.5),
      p95Ms: quantile(times, 0.95),
      maxMs: quantile(times, 1)
    }
  };
  const scores = scorePassAtK(results, ks);
  if (scores)
    evaluation.passAtK = scores;
  const { resolved, rate, byRepo } = resolvedFigures(results);
  if (resolved)
    evaluation.resolved = resolved;
  if (rate)
    evaluation.resolvedRate = rate;
  if (byRepo)
    evaluation.byRepo = byRepo;
  if (baseline) {
    evaluation.baseline = compare(results, baseline);
    const before = scores && scorePassAtK(baseline, [1]);
    if (scores && before)
      evaluation.baseline.passAt1Dropped = passAt1Drops(scores, before);
  }
  return evaluation;
}
function compare(results, baseline) {
  const before = new Map(baseline.map((r) => [r.id, r.status]));
  const now = new Set(results.map((r) => r.id));
  const diff = { passRate: passRate(baseline), newlyFailing: [], newlyPassing: [], added: 0, removed: 0 };
  for (const r of results) {
    const was = before.get(r.id);
    if (was === void 0)
      diff.added++;
    else if (was === "pass" && r.status !== "pass")
      diff.newlyFailing.push({ id: r.id, was, now: r.status });
    else if (was !== "pass" && r.status === "pass")
      diff.newlyPassing.push({ id: r.id, was, now: r.status });
  }
  diff.removed = [...before.keys()].filter((id) => !now.has(id)).length;
  return diff;
}
const BAR_WIDTH = 30;
const CHANGES_SHOWN = 30;
const TIME_BUCKETS = (
  /* unused pure expression or super */
  null
);
const ORDER = ["pass", ...statuses_EVERY_FAILURE];
const evaluation_percent = (rate) => `${(rate * 100).toFixed(1)}%`;
function bar(value, max, width = BAR_WIDTH) {
  if (max <= 0 || value <= 0)
    return "";
  const eighths = Math.max(1, Math.round(value / max * width * 8));
  return "\u2588".repeat(Math.floor(eighths / 8)) + (eighths % 8 ? "\u258F\u258E\u258D\u258C\u258B\u258A\u2589"[eighths % 8 - 1] : "");
}
const rateText = (rate) => rate === null ? "none (nothing judged)" : evaluation_percent(rate);
function pointChange(now, was) {
  if (now === null || was === null)
    return "no change to measure";
  const points = (now - was) * 100;
  return `${points >= 0 ? "+" : "\u2212"}${Math.abs(points).toFixed(1)} points`;
}
function headline(e) {
  const passed = e.byStatus.pass;
  const time = e.time.ran > 0 ? `; time per candidate: median ${formatDuration(e.time.medianMs)}, p95 ${formatDuration(e.time.p95Ms)}` : "";
  const ours = e.total - e.judged;
  if (e.passRate === null && ours > 0)
    return `pass rate: none, no candidate was judged (our side failed for all ${e.total}: sandbox_error)`;
  const of = ours > 0 ? `${passed} of ${e.judged} judged; ${ours} not judged, our side failed` : `${passed} of ${e.total}`;
  return `pass rate ${evaluation_percent(e.passRate ?? 0)} (${of})${time}`;
}
function passAtKLine(p) {
  const scores = p.k.map((k) => `pass@${k} ${evaluation_percent(p.overall[`pass@${k}`])}`);
  const ns = p.tasks.map((t) => t.n);
  const low = Math.min(...ns);
  const high = Math.max(...ns);
  const samples = low === high ? `${low} sample${low === 1 ? "" : "s"} each` : `${low} to ${high} samples each`;
  return `${scores.join(", ") || "no k of pass-at-k has enough samples in every task"} over ${p.tasks.length} tasks (${samples})`;
}
function baselineLine(b, e) {
  const parts = [`${b.newlyFailing.length} newly failing`, `${b.newlyPassing.length} newly passing`];
  if (b.added)
    parts.push(`${b.added} not in the baseline`);
  if (b.removed)
    parts.push(`${b.removed} of the baseline missing`);
  if (b.passAt1Dropped)
    parts.push(`${b.passAt1Dropped.length} task${b.passAt1Dropped.length === 1 ? "" : "s"} with a lower pass@1`);
  return `against the baseline: pass rate ${rateText(b.passRate)} \u2192 ${rateText(e.passRate)} (${pointChange(e.passRate, b.passRate)}); ${parts.join(", ")}`;
}
function timeHistogram(results) {
  const times = runTimes(results);
  const seconds2 = (ms) => `${ms / 1e3} s`;
  const bounds = [0, ...TIME_BUCKETS];
  const rows = bounds.map((low, i) => {
    const high = TIME_BUCKETS[i];
    const label2 = high === void 0 ? `\u2265 ${seconds2(low)}` : `< ${seconds2(high)}`;
    return { label: label2, count: times.filter((t) => t >= low && (high === void 0 || t < high)).length };
  });
  while (rows.length > 1 && rows.at(-1).count === 0)
    rows.pop();
  return times.length === 0 ? [] : rows;
}
function changeList(title, changes) {
  if (changes.length === 0)
    return void 0;
  const items = changes.slice(0, CHANGES_SHOWN).map((c) => `- ${label(c.id)}: ${STATUS_INFO[c.was].label} \u2192 **${STATUS_INFO[c.now].label}**`);
  if (changes.length > CHANGES_SHOWN)
    items.push(`- \u2026 and ${changes.length - CHANGES_SHOWN} more`);
  return [`**${title}** (${changes.length})`, "", ...items].join("\n");
}
function dropList(drops) {
  if (!drops || drops.length === 0)
    return void 0;
  const items = drops.slice(0, CHANGES_SHOWN).map((d) => `- ${label(d.task)}: pass@1 ${evaluation_percent(d.was)} \u2192 **${evaluation_percent(d.now)}**`);
  if (drops.length > CHANGES_SHOWN)
    items.push(`- \u2026 and ${drops.length - CHANGES_SHOWN} more`);
  return [`**Tasks whose pass@1 dropped** (${drops.length})`, "", ...items].join("\n");
}
function renderEvaluationMarkdown(e, results) {
  const shown2 = ORDER.filter((s) => e.byStatus[s] > 0);
  const max = Math.max(0, ...shown2.map((s) => e.byStatus[s]));
  const table2 = [
    "| Status | Count | Share | |",
    "| --- | --: | --: | --- |",
    ...shown2.map((s) => `| ${STATUS_INFO[s].label} | ${e.byStatus[s]} | ${evaluation_percent(e.byStatus[s] / e.total)} | ${bar(e.byStatus[s], max)} |`)
  ].join("\n");
  const histogram = timeHistogram(results);
  const most = Math.max(0, ...histogram.map((row) => row.count));
  const width = Math.max(0, ...histogram.map((row) => row.label.length));
  const chart = histogram.length ? [
    "Time per candidate, from the start of the test command (code that ran):",
    "",
    "```text",
    ...histogram.map((row) => `${row.label.padStart(width)} \u2502${bar(row.count, most)} ${row.count}`.trimEnd()),
    "```"
  ].join("\n") : void 0;
  const blocks = [
    "### Evaluation",
    `**${headline(e)}**`,
    // Our own figures, no candidate's text: nothing to escape.
    e.resolved && `**${resolvedText(e.resolved)}**`,
    e.byRepo && byRepoText(e.byRepo, label),
    e.passAtK && `**${passAtKLine(e.passAtK)}**`,
    e.baseline && baselineLine(e.baseline, e),
    e.total > 0 ? table2 : void 0,
    chart,
    e.baseline && changeList("Newly failing", e.baseline.newlyFailing),
    e.baseline && changeList("Newly passing", e.baseline.newlyPassing),
    dropList(e.baseline?.passAt1Dropped)
  ];
  return `${blocks.filter((b) => typeof b === "string" && b !== "").join("\n\n")}
`;
}
function renderEvaluationText(e) {
  const counts = ORDER.filter((s) => e.byStatus[s] > 0).map((s) => `${e.byStatus[s]} ${s}`);
  const lines = [`${headline(e)}`, `by status: ${counts.join(", ") || "none"}`];
  if (e.resolved)
    lines.push(resolvedText(e.resolved));
  if (e.byRepo)
    lines.push(byRepoText(e.byRepo, plainText));
  if (e.passAtK)
    lines.push(passAtKLine(e.passAtK));
  if (e.baseline) {
    lines.push(baselineLine(e.baseline, e));
    const list = (title, changes) => {
      for (const c of changes.slice(0, CHANGES_SHOWN))
        lines.push(`  ${title}: ${plainText(c.id)} (${c.was} \u2192 ${c.now})`);
      if (changes.length > CHANGES_SHOWN)
        lines.push(`  \u2026 and ${changes.length - CHANGES_SHOWN} more ${title}`);
    };
    list("newly failing", e.baseline.newlyFailing);
    list("newly passing", e.baseline.newlyPassing);
    const drops = e.baseline.passAt1Dropped ?? [];
    for (const d of drops.slice(0, CHANGES_SHOWN))
      lines.push(`  pass@1 dropped: ${plainText(d.task)} (${evaluation_percent(d.was)} \u2192 ${evaluation_percent(d.now)})`);
    if (drops.length > CHANGES_SHOWN)
      lines.push(`  \u2026 and ${drops.length - CHANGES_SHOWN} more pass@1 dropped`);
  }
  return lines.join("\n");
}
;
const checkReport = checker(REPORT_SCHEMA, "the report");
const checkResult = checker(RESULT_SCHEMA, "the result");
function parseReport(text, name, input) {
  const fail2 = (detail) => {
    throw new InputError(input, `'${name}' is not a sandbox-gate JSON report: ${detail}`);
  };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail2(`not JSON (${error.message})`);
  }
  if (typeof value !== "object" || value === null || value.version !== 1)
    return fail2('no "version": 1');
  const checked = checkReport(value);
  if (!checked.ok)
    return fail2(checked.problem);
  const { shard } = checked.value;
  if (shard !== void 0 && shard.index > shard.count)
    return fail2(`shard.index ${shard.index} is more than shard.count ${shard.count}`);
  return checked.value;
}
async function merge_loadReport(path2, name, input) {
  let text;
  try {
    text = await readFile(path2, "utf8");
  } catch (error) {
    throw new InputError(input, `cannot read '${name}': ${error.code ?? error.message}`);
  }
  return parseReport(text, name, input);
}
const merge_partialPathOf = (report) => `${report}.partial.jsonl`;
function parseResumable(text, name, input) {
  let whole;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = void 0;
  }
  if (isRecord(whole) && "version" in whole)
    return parseReport(text, name, input).results;
  const results = [];
  for (const line of jsonLines(text, name)) {
    const fail2 = (detail) => {
      throw new InputError(input, `'${name}' is neither a sandbox-gate JSON report nor a partial one (one result a line): line ${line.n}: ${detail}`);
    };
    if (!line.ok) {
      if (line.last)
        break;
      return fail2(line.problem);
    }
    const checked = checkResult(line.value);
    if (!checked.ok)
      return fail2(checked.problem);
    results.push(checked.value);
  }
  return results;
}
async function merge_loadResumable(path2, name, input) {
  let text;
  try {
    text = await readFile(path2, "utf8");
  } catch (error) {
    const code = error.code ?? error.message;
    const partial = existsSync(merge_partialPathOf(path2)) ? `; a run cut short left '${merge_partialPathOf(name)}': resume from that` : "";
    throw new InputError(input, `cannot read '${name}': ${code}${partial}`);
  }
  return parseResumable(text, name, input);
}
function sourceKey(source) {
  const m = /^(.*):(\d+)$/.exec(source);
  return m ? [m[1], Number(m[2])] : [source, 0];
}
function bySource(a, b) {
  const [pathA, lineA] = sourceKey(a.source);
  const [pathB, lineB] = sourceKey(b.source);
  return pathA < pathB ? -1 : pathA > pathB ? 1 : lineA - lineB;
}
const shardName = ({ index, count }) => `${index}/${count}`;
function checkShards(reports, input) {
  const sharded = reports.filter((r) => r.report.shard !== void 0);
  const first = sharded[0];
  if (first === void 0)
    return;
  const split = `shard ${shardName(first.report.shard)} ('${first.name}')`;
  const whole = reports.find((r) => r.report.shard === void 0);
  if (whole)
    throw new InputError(input, `'${whole.name}' is no shard's report, but ${split} is: merge the shards of one split`);
  const { count } = first.report.shard;
  const other = sharded.find((r) => r.report.shard.count !== count);
  if (other)
    throw new InputError(input, `'${other.name}' is shard ${shardName(other.report.shard)}, but ${split} is of ${count}: merge the shards of one split`);
  const names = /* @__PURE__ */ new Map();
  for (const { name, report } of sharded) {
    const twice = names.get(report.shard.index);
    if (twice !== void 0)
      throw new InputError(input, `shard ${shardName(report.shard)} is given twice: '${twice}' and '${name}'`);
    names.set(report.shard.index, name);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !names.has(index));
  if (missing.length > 0) {
    const list = missing.map((index) => shardName({ index, count })).join(", ");
    throw new InputError(input, `shard${missing.length > 1 ? "s" : ""} ${list} ${missing.length > 1 ? "are" : "is"} missing (${names.size} of ${count} given)`);
  }
}
function merge_mergeReports(reports, input) {
  checkShards(reports, input);
  const seen = /* @__PURE__ */ new Map();
  const results = [];
  for (const { name, report } of reports) {
    for (const r of report.results) {
      const key = JSON.stringify([r.id, r.source]);
      const other = seen.get(key);
      if (other !== void 0)
        throw new InputError(input, `candidate ${JSON.stringify(r.id)} (${r.source}) is in both '${other}' and '${name}'`);
      seen.set(key, name);
      results.push(r);
    }
  }
  return { results: results.sort(bySource), skipped: reports.flatMap(({ report }) => report.skipped) };
}
;
const NOT_XML_CHAR = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const junit_report_XML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
function escapeXml(text) {
  return text.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (c) => junit_report_XML_ENTITIES[c] ?? c);
}
function content(text) {
  return escapeXml(cleanText(text));
}
function attributes(attrs) {
  return Object.entries(attrs).filter(([, v]) => v !== void 0).map(([k, v]) => ` ${k}="${content(String(v)).replace(/\n/g, "&#10;")}"`).join("");
}
function junit_report_seconds(ms) {
  return (ms / 1e3).toFixed(3);
}
function junit_report_element(name, attrs, body) {
  return body === void 0 || body === "" ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${body}</${name}>`;
}
function testcase(r, failOn) {
  const failing2 = failOn.has(r.status);
  const message = r.syntax?.message ?? STATUS_INFO[r.status].label;
  const verdict = failing2 ? junit_report_element(STATUS_INFO[r.status].ours ? "error" : "failure", { type: r.status, message }, content(r.feedback)) : "";
  const streams = [
    r.stdout && junit_report_element("system-out", {}, content(r.stdout)),
    r.stderr && junit_report_element("system-err", {}, content(r.stderr))
  ].join("");
  return junit_report_element("testcase", {
    name: r.id,
    classname: `sandbox-gate.${r.language ?? "unknown"}`,
    time: junit_report_seconds(r.duration_ms),
    file: r.syntax?.file
  }, verdict + streams);
}
const CASE_VERDICT = {
  passed: void 0,
  failed: "failure",
  error: "error",
  skipped: "skipped"
};
function testResultCase(c) {
  const verdict = CASE_VERDICT[c.status];
  return junit_report_element("testcase", {
    name: c.name,
    classname: c.classname ?? c.file ?? "",
    time: c.duration_ms === void 0 ? void 0 : junit_report_seconds(c.duration_ms),
    file: c.file,
    line: c.line
  }, (verdict ? junit_report_element(verdict, { message: c.message?.split("\n")[0] }, c.message && content(c.message)) : "") + (c.flaky ? junit_report_element("properties", {}, junit_report_element("property", { name: "flaky", value: "true" })) : ""));
}
function candidateSuite(r) {
  if (!r.tests)
    return void 0;
  const { counts, cases } = r.tests;
  const attrs = {
    name: r.id,
    tests: testCount(r.tests),
    failures: counts.failed,
    errors: counts.error,
    skipped: counts.skipped,
    time: junit_report_seconds(cases.reduce((sum, c) => sum + (c.duration_ms ?? 0), 0))
  };
  return junit_report_element("testsuite", attrs, `
${cases.map((c) => `    ${testResultCase(c)}
`).join("")}  `);
}
function skippedCase(s) {
  return junit_report_element("testcase", { name: s.id, classname: "sandbox-gate.skipped", time: junit_report_seconds(0) }, junit_report_element("skipped", { message: s.reason }));
}
function junit_report_renderJUnit(results, skipped, options = {}) {
  const failOn = options.failOn ?? EVERY_FAILURE;
  const name = options.name ?? "sandbox-gate";
  const counts = {
    tests: results.length + skipped.length,
    failures: results.filter((r) => failOn.has(r.status) && !STATUS_INFO[r.status].ours).length,
    errors: results.filter((r) => failOn.has(r.status) && STATUS_INFO[r.status].ours).length,
    skipped: skipped.length,
    time: junit_report_seconds(results.reduce((sum, r) => sum + r.duration_ms, 0))
  };
  const cases = [...results.map((r) => testcase(r, failOn)), ...skipped.map(skippedCase)];
  const suite = junit_report_element("testsuite", { name, ...counts, timestamp: options.timestamp }, `
${cases.map((c) => `    ${c}
`).join("")}  `);
  const suites = [suite, ...results.flatMap((r) => candidateSuite(r) ?? [])];
  return `<?xml version="1.0" encoding="UTF-8"?>
${junit_report_element("testsuites", { name, ...counts }, `
${suites.map((x) => `  ${x}
`).join("")}`)}
`;
}
;
const RUN_EVALUATION_DIR = "logs/run_evaluation";
const UNNAMED_MODEL = "unnamed-model";
const isInstance = (r) => r.listed !== void 0;
const instanceIdOf = (r) => r.task ?? r.id;
const modelNameOf = (r) => (r.model ?? UNNAMED_MODEL).replaceAll("/", "__");
const EMPTY = { success: [], failure: [] };
function instanceOutcome(r) {
  if (r.empty_patch)
    return { kind: "empty_patch" };
  if (r.status === "sandbox_error")
    return { kind: "error" };
  const base = { patch_is_None: false, patch_exists: true };
  if (r.status === "patch_failed")
    return { kind: "report", report: { ...base, patch_successfully_applied: false, resolved: false } };
  const lists = (l) => ({
    success: [...l.passed],
    failure: [...l.not_passed]
  });
  return {
    kind: "report",
    report: {
      ...base,
      patch_successfully_applied: true,
      resolved: r.status === "pass" && r.resolved === "full",
      tests_status: {
        FAIL_TO_PASS: lists(r.listed.fail_to_pass),
        PASS_TO_PASS: lists(r.listed.pass_to_pass),
        FAIL_TO_FAIL: { ...EMPTY },
        PASS_TO_FAIL: { ...EMPTY }
      }
    }
  };
}
function runSummary(outcomes2) {
  const ids = (keep) => outcomes2.filter(({ outcome: outcome2 }) => keep(outcome2)).map(({ id }) => id).sort();
  const completed = ids((o) => o.kind === "report");
  const resolved = ids((o) => o.kind === "report" && o.report.resolved);
  const unresolved = ids((o) => o.kind === "report" && !o.report.resolved);
  const empty = ids((o) => o.kind === "empty_patch");
  const errors = ids((o) => o.kind === "error");
  const submitted = ids(() => true);
  return {
    total_instances: submitted.length,
    submitted_instances: submitted.length,
    completed_instances: completed.length,
    resolved_instances: resolved.length,
    unresolved_instances: unresolved.length,
    empty_patch_instances: empty.length,
    error_instances: errors.length,
    completed_ids: completed,
    incomplete_ids: [],
    empty_patch_ids: empty,
    submitted_ids: submitted,
    resolved_ids: resolved,
    unresolved_ids: unresolved,
    error_ids: errors,
    schema_version: 2
  };
}
function testOutput(r) {
  if (!r.stderr)
    return r.stdout;
  return r.stdout === "" || r.stdout.endsWith("\n") ? `${r.stdout}${r.stderr}` : `${r.stdout}
${r.stderr}`;
}
const json = (value) => `${JSON.stringify(value, null, 4)}
`;
function swe_bench_report_sweBenchOutput(results, runId) {
  const run2 = checkFileName(runId);
  if (!run2.ok)
    throw new Error(`run id ${JSON.stringify(runId)} ${run2.why}`);
  const files = [];
  const problems = [];
  const models = /* @__PURE__ */ new Map();
  for (const r of results.filter(isInstance)) {
    const model = modelNameOf(r);
    const lines = models.get(model) ?? [];
    lines.push(r);
    models.set(model, lines);
  }
  for (const [model, lines] of models) {
    const modelName = checkFileName(model);
    if (!modelName.ok) {
      problems.push(`model ${JSON.stringify(model)} ${modelName.why}: its ${lines.length} instance(s) are not written`);
      continue;
    }
    const seen = /* @__PURE__ */ new Set();
    const outcomes2 = [];
    for (const r of lines) {
      const id = instanceIdOf(r);
      if (seen.has(id)) {
        problems.push(`model ${model} has a second line for instance ${JSON.stringify(id)} (${r.id}): only the first is written`);
        continue;
      }
      seen.add(id);
      const name = checkFileName(id);
      if (!name.ok) {
        problems.push(`instance id ${JSON.stringify(id)} ${name.why}: it is counted an error, its report not written`);
        outcomes2.push({ id, outcome: { kind: "error" } });
        continue;
      }
      const outcome2 = instanceOutcome(r);
      outcomes2.push({ id, outcome: outcome2 });
      const dir = `${RUN_EVALUATION_DIR}/${runId}/${model}/${id}`;
      if (outcome2.kind === "report")
        files.push({ path: `${dir}/report.json`, text: json({ [id]: outcome2.report }) });
      if (outcome2.kind === "report" && testOutput(r) !== "")
        files.push({ path: `${dir}/test_output.txt`, text: testOutput(r) });
      if (outcome2.kind === "error")
        files.push({ path: `${dir}/run_instance.log`, text: `${r.feedback}
` });
    }
    files.push({ path: `${model}.${runId}.json`, text: json(runSummary(outcomes2)) });
  }
  return { files, problems };
}
;
async function write(path2, text) {
  await mkdir(dirname(path2), { recursive: true });
  await writeFile(path2, text);
}
function reportOf(settings, outcome2) {
  return buildReport(outcome2.results, outcome2.skipped, {
    ...settings.source.shard && { shard: settings.source.shard },
    ...outcome2.base && { base: outcome2.base },
    passAtK: settings.reports.passAtK
  });
}
function junitOf(settings, outcome2) {
  return renderJUnit(outcome2.results, outcome2.skipped, { failOn: settings.reports.failOn });
}
async function write_reports_writeReports(settings, outcome2, runId, warn) {
  if (settings.reports.junit)
    await write(resolve(settings.source.workdir, settings.reports.junit), junitOf(settings, outcome2));
  if (settings.reports.sweBenchReport) {
    const dir = resolve(settings.source.workdir, settings.reports.sweBenchReport);
    const { files, problems } = sweBenchOutput(outcome2.results, runId);
    for (const file of files)
      await write(resolve(dir, file.path), file.text);
    for (const problem of problems)
      warn(`sandbox-gate: swe-bench-report: ${problem}`);
  }
  if (!settings.reports.report)
    return void 0;
  const path2 = resolve(settings.source.workdir, settings.reports.report);
  await write(path2, `${JSON.stringify(reportOf(settings, outcome2), null, 2)}
`);
  return path2;
}
class PartialReport {
  path;
  started = false;
  constructor(report) {
    this.path = partialPathOf(report);
  }
  add(result) {
    const line = `${JSON.stringify(result)}
`;
    if (this.started)
      return appendFileSync(this.path, line);
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(this.path, line);
    this.started = true;
  }
  /** The report is written: the partial one (this run's, or one an earlier run left) has served. */
  async remove() {
    await rm(this.path, { force: true });
  }
}
function write_reports_partialReport(settings) {
  return settings.reports.report ? new PartialReport(resolve(settings.source.workdir, settings.reports.report)) : void 0;
}
;
const progress_PER_CANDIDATE_UP_TO = 20;
const PROGRESS_EVERY_MS = 1e4;
function progressLine({ done, total, elapsedMs, notPassing, notJudged = 0 }) {
  const percent2 = total === 0 ? 100 : Math.floor(done / total * 100);
  const judged = done - notJudged;
  const rate = elapsedMs > 0 ? judged / (elapsedMs / 1e3) : 0;
  const eta = done === total ? "done" : rate > 0 ? `ETA ${formatDuration((total - done) / rate * 1e3)}` : "ETA unknown";
  const speed = judged === 0 && notJudged > 0 ? "none judged" : `${rate.toFixed(2)} candidates/s`;
  const ours = notJudged > 0 ? `, ${notJudged} not judged (our side failed)` : "";
  return `progress: ${done}/${total} (${percent2}%), ${speed}, ${eta}; ${notPassing} not passing${ours}`;
}
class progress_ProgressMeter {
  total;
  now;
  everyMs;
  #startedAt;
  #lastAt = -Infinity;
  #done = 0;
  #notPassing = 0;
  #notJudged = 0;
  constructor(total, now, everyMs = PROGRESS_EVERY_MS) {
    this.total = total;
    this.now = now;
    this.everyMs = everyMs;
    this.#startedAt = now();
  }
  /** Records one finished candidate; returns the line to log, if one is due. */
  finished(status) {
    this.#done++;
    if (status === "sandbox_error")
      this.#notJudged++;
    else if (status !== "pass")
      this.#notPassing++;
    const at = this.now();
    if (this.#done < this.total && at - this.#lastAt < this.everyMs)
      return void 0;
    this.#lastAt = at;
    return progressLine({
      done: this.#done,
      total: this.total,
      elapsedMs: at - this.#startedAt,
      notPassing: this.#notPassing,
      notJudged: this.#notJudged
    });
  }
}
;
function cgroupMounts(mountinfo) {
  const mounts = {};
  for (const line of mountinfo.split("\n")) {
    const [left2, right] = line.split(" - ");
    if (left2 === void 0 || right === void 0)
      continue;
    const mountpoint = left2.split(" ")[4];
    const [fstype, , superOptions = ""] = right.split(" ");
    if (mountpoint === void 0)
      continue;
    if (fstype === "cgroup2")
      mounts.unified ??= mountpoint;
    else if (fstype === "cgroup") {
      const controllers = superOptions.split(",");
      if (controllers.includes("cpuacct"))
        mounts.cpuacct ??= mountpoint;
      if (controllers.includes("cpu"))
        mounts.cpu ??= mountpoint;
    }
  }
  return mounts;
}
function pressureFullUs(text) {
  const match2 = /^full .*\btotal=(\d+)$/m.exec(text);
  return match2 ? Number(match2[1]) : void 0;
}
function throttledUs(text) {
  const v2 = /^throttled_usec (\d+)$/m.exec(text);
  if (v2)
    return Number(v2[1]);
  const v1 = /^throttled_time (\d+)$/m.exec(text);
  return v1 ? Math.round(Number(v1[1]) / 1e3) : void 0;
}
function cpuStatUsageUs(text) {
  const match2 = /^usage_usec (\d+)$/m.exec(text);
  return match2 ? Number(match2[1]) : void 0;
}
function schedstat(text) {
  const match2 = /^(\d+) (\d+) \d+\s*$/.exec(text);
  return match2 ? { cpuNs: Number(match2[1]), delayNs: Number(match2[2]) } : void 0;
}
class TaskDelays {
  tasksFile;
  proc;
  #seen = /* @__PURE__ */ new Map();
  #throttledUs;
  #totalUs = 0;
  /** Whether the list ever named a task: gVisor's sandbox leaves the unified one empty. */
  listed = false;
  /** The tasks the list named at the last read. */
  count = 0;
  constructor(tasksFile, proc = "/proc") {
    this.tasksFile = tasksFile;
    this.proc = proc;
  }
  /** The sum in microseconds, or undefined when the tasks file cannot be read. */
  read(throttledUs2 = 0) {
    const tasks = readOrUndefined(this.tasksFile);
    if (tasks === void 0)
      return void 0;
    const now = /* @__PURE__ */ new Map();
    let active = 0;
    let grownNs = 0;
    this.count = 0;
    for (const tid of tasks.split("\n")) {
      if (!/^\d+$/.test(tid))
        continue;
      this.count++;
      const text = readOrUndefined((0, external_node_path_namespaceObject.join)(this.proc, tid, "schedstat"));
      const stat = text === void 0 ? void 0 : schedstat(text);
      if (stat === void 0)
        continue;
      const before = this.#seen.get(tid);
      const fresh = before === void 0 || stat.cpuNs < before.cpuNs || stat.delayNs < before.delayNs;
      const cpuNs = fresh ? stat.cpuNs : stat.cpuNs - before.cpuNs;
      const delayNs = fresh ? stat.delayNs : stat.delayNs - before.delayNs;
      this.listed = true;
      if (cpuNs > 0 || delayNs > 0)
        active++;
      grownNs += delayNs;
      now.set(tid, stat);
    }
    const throttled = this.#throttledUs === void 0 ? 0 : Math.max(0, throttledUs2 - this.#throttledUs);
    this.#throttledUs = throttledUs2;
    this.#seen = now;
    if (active <= 1)
      this.#totalUs += Math.max(0, grownNs / 1e3 - throttled);
    return Math.round(this.#totalUs);
  }
}
const readOrUndefined = (path2) => {
  try {
    return (0, external_node_fs_namespaceObject.readFileSync)(path2, "utf8");
  } catch {
    return void 0;
  }
};
function cpuStampUs(stamp) {
  const match2 = /^([ua])(\d{1,19})$/.exec(stamp);
  if (!match2)
    return void 0;
  const value = Number(match2[2]);
  return match2[1] === "u" ? { counter: "unified", us: value } : { counter: "cpuacct", us: Math.round(value / 1e3) };
}
function cgroupMeter(mounts, path2, proc = "/proc", { stamps = false } = {}) {
  const unified = mounts.unified === void 0 ? void 0 : (0, external_node_path_namespaceObject.join)(mounts.unified, path2);
  const cpuacct = mounts.cpuacct === void 0 ? void 0 : (0, external_node_path_namespaceObject.join)(mounts.cpuacct, path2);
  const cpu = mounts.cpu === void 0 ? void 0 : (0, external_node_path_namespaceObject.join)(mounts.cpu, path2);
  const tasks = [
    ...unified === void 0 ? [] : [new TaskDelays((0, external_node_path_namespaceObject.join)(unified, "cgroup.threads"), proc)],
    ...cpuacct === void 0 ? [] : [new TaskDelays((0, external_node_path_namespaceObject.join)(cpuacct, "tasks"), proc)]
  ];
  let last;
  return {
    kind: "cgroup CPU pressure",
    read() {
      const reading = readCounters();
      if (reading !== void 0)
        return last = reading;
      const gone = [unified, cpuacct].every((dir) => dir === void 0 || !(0, external_node_fs_namespaceObject.existsSync)(dir));
      return last !== void 0 && gone ? { ...last, tasks: 0 } : void 0;
    },
    ...stamps && {
      since(stamp) {
        const taken = cpuStampUs(stamp);
        if (taken === void 0)
          return void 0;
        const now = taken.counter === "unified" ? unifiedUsageUs() : cpuacctUsageUs();
        return now === void 0 || now < taken.us ? void 0 : now - taken.us;
      }
    }
  };
  function unifiedUsageUs() {
    const stat = unified === void 0 ? void 0 : readOrUndefined((0, external_node_path_namespaceObject.join)(unified, "cpu.stat"));
    return stat === void 0 ? void 0 : cpuStatUsageUs(stat);
  }
  function cpuacctUsageUs() {
    const nanos = cpuacct === void 0 ? void 0 : readOrUndefined((0, external_node_path_namespaceObject.join)(cpuacct, "cpuacct.usage"));
    return nanos !== void 0 && /^\d+\s*$/.test(nanos) ? Math.round(Number(nanos) / 1e3) : void 0;
  }
  function readCounters() {
    const pressure = unified === void 0 ? void 0 : readOrUndefined((0, external_node_path_namespaceObject.join)(unified, "cpu.pressure"));
    const stalledUs = pressure === void 0 ? void 0 : pressureFullUs(pressure);
    const stat = unified === void 0 ? void 0 : readOrUndefined((0, external_node_path_namespaceObject.join)(unified, "cpu.stat"));
    const v1Stat = cpu === void 0 ? void 0 : readOrUndefined((0, external_node_path_namespaceObject.join)(cpu, "cpu.stat"));
    const throttled = Math.max((stat === void 0 ? void 0 : throttledUs(stat)) ?? 0, (v1Stat === void 0 ? void 0 : throttledUs(v1Stat)) ?? 0);
    const waitedUs = stalledUs === void 0 ? void 0 : stalledUs - throttled;
    let usedUs = stat === void 0 ? void 0 : cpuStatUsageUs(stat);
    if (usedUs === void 0 || usedUs === 0)
      usedUs = cpuacctUsageUs() ?? usedUs;
    if (waitedUs === void 0 && usedUs === void 0)
      return void 0;
    let queuedUs;
    let count;
    for (const list of tasks) {
      queuedUs = list.read(throttled) ?? queuedUs;
      if (!list.listed)
        continue;
      count = list.count;
      break;
    }
    return {
      waitedUs: waitedUs ?? 0,
      usedUs: usedUs ?? 0,
      ...queuedUs !== void 0 && { queuedUs },
      ...count !== void 0 && { tasks: count }
    };
  }
}
let mountsOfThisMachine;
function localCgroupMounts() {
  mountsOfThisMachine ??= cgroupMounts(readOrUndefined("/proc/self/mountinfo") ?? "");
  return mountsOfThisMachine;
}
function containerCgroupPaths(id) {
  return [
    `docker/${id}`,
    `system.slice/docker-${id}.scope`,
    `libpod_parent/libpod-${id}`,
    `machine.slice/libpod-${id}.scope`
  ];
}
function containerMeter(id, { mounts = localCgroupMounts(), runtime } = {}) {
  const options = { stamps: !isGvisor(runtime) };
  let meter;
  return {
    kind: "cgroup CPU pressure",
    read() {
      if (meter === void 0) {
        const known = id();
        if (known === void 0 || !/^[0-9a-f]{64}$/.test(known))
          return void 0;
        const found = containerCgroupPaths(known).find((path2) => mounts.unified !== void 0 && (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(mounts.unified, path2)) || mounts.cpuacct !== void 0 && (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(mounts.cpuacct, path2)));
        if (found === void 0)
          return void 0;
        meter = cgroupMeter(mounts, found, "/proc", options);
      }
      return meter.read();
    },
    ...options.stamps && { since: (stamp) => meter?.since?.(stamp) }
  };
}
function engineIsLocal(env = process.env) {
  const host = env.DOCKER_HOST ?? env.CONTAINER_HOST ?? "";
  return (host === "" || host.startsWith("unix://")) && localCgroupMounts().unified !== void 0;
}
;
const LATE_OOM_WAITS_MS = [0, 100, 200, 400, 800];
function couldBeLateOom(ending) {
  return ending.exitCode === 137 && !ending.killedByUs && !ending.oomKilled;
}
async function oomVerdict(ending, seen, waits = LATE_OOM_WAITS_MS) {
  if (ending.oomKilled)
    return true;
  if (!couldBeLateOom(ending))
    return false;
  for (const wait of waits) {
    if (wait > 0)
      await (0, promises_namespaceObject.setTimeout)(wait);
    if (await seen().catch(() => false))
      return true;
  }
  return false;
}
const OOM_LOOK_TIMEOUT_MS = 2e3;
function eventWindow(now = Date.now()) {
  return { since: "0", until: (now / 1e3).toFixed(3) };
}
;
const memory_sample_MiB = 1024 * 1024;
const MEMORY_SAMPLE_TIMEOUT_MS = 3e3;
function memoryFromStats(stats) {
  const memory = stats?.memory_stats;
  const usage = memory?.usage;
  const limit = memory?.limit;
  if (typeof usage !== "number" || typeof limit !== "number" || limit <= 0)
    return void 0;
  const cache = memory?.stats?.total_inactive_file ?? memory?.stats?.inactive_file;
  return { usedBytes: usage - (typeof cache === "number" && cache < usage ? cache : 0), limitBytes: limit };
}
const UNITS = {
  b: 1,
  kib: 1024,
  mib: memory_sample_MiB,
  gib: 1024 * memory_sample_MiB,
  tib: 1024 * 1024 * memory_sample_MiB,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12
};
function bytesOf(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = UNITS[(m?.[2] ?? "").toLowerCase() || "b"];
  return m && unit !== void 0 ? Number(m[1]) * unit : void 0;
}
function memoryFromCli(memUsage) {
  const [used, limit] = memUsage.split("/").map(bytesOf);
  return used === void 0 || limit === void 0 || limit <= 0 ? void 0 : { usedBytes: used, limitBytes: limit };
}
;
const external_node_http_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:http");
;
const DEFAULT_SOCKET = "/var/run/docker.sock";
function endpointFromEnv(env = process.env) {
  if (env.DOCKER_CONTEXT)
    return void 0;
  const host = env.DOCKER_HOST?.trim();
  if (!host)
    return { socketPath: DEFAULT_SOCKET };
  if (host.startsWith("unix://"))
    return { socketPath: host.slice("unix://".length) };
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(host);
  if (tcp && !env.DOCKER_TLS_VERIFY && !env.DOCKER_CERT_PATH)
    return { host: tcp[1].replace(/^\[|\]$/g, ""), port: Number(tcp[2]) };
  return void 0;
}
function describeEndpoint(endpoint) {
  return endpoint.socketPath !== void 0 ? `unix://${endpoint.socketPath}` : `tcp://${endpoint.host}:${endpoint.port}`;
}
class ApiError extends Error {
  status;
  constructor(status, message) {
    super(message);
    this.status = status;
    this.name = "ApiError";
  }
}
const MAX_REPLY_BYTES = 4 * 1024 * 1024;
class EngineApi {
  endpoint;
  // Kept alive: one connection serves many short calls, as the CLI cannot. Idle sockets are unref'd
  // by the agent, so they never keep the process up.
  #agent = new external_node_http_namespaceObject.Agent({ keepAlive: true });
  constructor(endpoint) {
    this.endpoint = endpoint;
  }
  /** A call whose answer is JSON (or empty); throws ApiError on an error status, Error when unreachable. */
  call(method, path2, body, signal) {
    const payload = body === void 0 ? void 0 : Buffer.from(JSON.stringify(body));
    return this.#exchange(method, path2, payload, payload ? { "Content-Type": "application/json" } : {}, signal);
  }
  /** A call whose body is a tar (`PUT /containers/{id}/archive`); its answer as `call`'s. */
  sendTar(method, path2, tar, signal) {
    const payload = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
    return this.#exchange(method, path2, payload, { "Content-Type": "application/x-tar" }, signal);
  }
  async #exchange(method, path2, payload, headers, signal) {
    const req = this.#request(method, path2, this.#agent, headers, signal);
    const res = await responseOf(req, payload, this.endpoint);
    const text = await readBody(res);
    if (res.statusCode >= 400)
      throw new ApiError(res.statusCode, errorMessage(text, res.statusCode));
    return text === "" ? void 0 : JSON.parse(text);
  }
  /**
   * A call that takes over the connection (attach, exec start): resolves with the raw stream once the
   * engine switched protocols. Its own connection, never the kept-alive pool's.
   */
  hijack(path2, body) {
    const payload = body === void 0 ? void 0 : Buffer.from(JSON.stringify(body));
    const headers = {
      Connection: "Upgrade",
      Upgrade: "tcp",
      ...payload ? { "Content-Type": "application/json" } : {}
    };
    const req = this.#request("POST", path2, false, headers);
    return new Promise((resolve2, reject) => {
      req.on("upgrade", (_res, socket, head) => {
        if (head.length > 0)
          socket.unshift(head);
        resolve2(socket);
      });
      responseOf(req, payload, this.endpoint).then(async (res) => reject(new ApiError(res.statusCode, errorMessage(await readBody(res), res.statusCode))), reject);
    });
  }
  /**
   * A call whose answer streams JSON lines (events): resolves once the engine answered, then feeds each
   * line to `onLine` until `close()`; `onEnd` when the engine ends it. Its own connection, which keeps
   * the process up until closed.
   */
  async lines(path2, onLine, onEnd) {
    const req = this.#request("GET", path2, false, {});
    const res = await responseOf(req, void 0, this.endpoint);
    if (res.statusCode >= 400)
      throw new ApiError(res.statusCode, errorMessage(await readBody(res), res.statusCode));
    let pending = "";
    res.setEncoding("utf8");
    res.on("data", (chunk) => {
      const parts = (pending + chunk).split("\n");
      pending = parts.pop();
      for (const line of parts)
        if (line.trim())
          onLine(JSON.parse(line));
    });
    res.on("error", () => {
    });
    res.on("close", onEnd);
    return { close: () => req.destroy() };
  }
  #request(method, path2, agent, headers, signal) {
    const target = this.endpoint.socketPath !== void 0 ? { socketPath: this.endpoint.socketPath } : { host: this.endpoint.host, port: this.endpoint.port };
    return (0, external_node_http_namespaceObject.request)({
      ...target,
      method,
      path: path2,
      agent,
      headers: { Host: "docker", ...headers },
      ...signal ? { signal } : {}
    });
  }
}
function responseOf(req, payload, endpoint) {
  return new Promise((resolve2, reject) => {
    req.on("response", resolve2);
    req.on("error", (error) => {
      const unreachable = ["ENOENT", "ECONNREFUSED", "EACCES", "ECONNRESET", "EPIPE"].includes(error.code ?? "");
      reject(unreachable ? new Error(`Cannot connect to the Docker daemon at ${describeEndpoint(endpoint)} (${error.code})`) : error);
    });
    req.end(payload);
  });
}
function readBody(res) {
  return new Promise((resolve2, reject) => {
    const chunks = [];
    let size = 0;
    res.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_REPLY_BYTES)
        chunks.push(chunk);
    });
    res.on("end", () => resolve2(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
  });
}
function errorMessage(text, status) {
  try {
    const message = JSON.parse(text).message;
    if (typeof message === "string" && message)
      return message;
  } catch {
  }
  return text.trim().slice(0, 500) || `engine answered ${status}`;
}
const STDOUT = 1;
const STDERR = 2;
const engine_api_HEADER = 8;
class FrameReader {
  onFrame;
  #pending = Buffer.alloc(0);
  constructor(onFrame) {
    this.onFrame = onFrame;
  }
  push(chunk) {
    let data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    while (data.length >= engine_api_HEADER) {
      const size = data.readUInt32BE(4);
      if (data.length < engine_api_HEADER + size)
        break;
      this.onFrame(data[0], data.subarray(engine_api_HEADER, engine_api_HEADER + size));
      data = data.subarray(engine_api_HEADER + size);
    }
    this.#pending = Buffer.from(data);
  }
  /** Bytes of an unfinished frame when the stream ended (a protocol error if not 0). */
  get leftover() {
    return this.#pending.length;
  }
}
;
async function removeContainer(api, name) {
  await api.call("DELETE", `/containers/${name}?force=1&v=1`).catch((error) => {
    if (!(error instanceof ApiError && error.status === 404))
      throw error;
  });
}
async function containerMemory(api, name) {
  const signal = AbortSignal.timeout(MEMORY_SAMPLE_TIMEOUT_MS);
  const stats = await api.call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, void 0, signal).catch(() => void 0);
  return memoryFromStats(stats);
}
function oomEventSeen(api, name) {
  const { since, until } = eventWindow();
  const filters = encodeURIComponent(JSON.stringify({ container: [name], event: ["oom"] }));
  return new Promise((resolve2, reject) => {
    let seen = false;
    let ended = false;
    let timer;
    const end = () => {
      ended = true;
      clearTimeout(timer);
      resolve2(seen);
    };
    api.lines(`/events?since=${since}&until=${until}&filters=${filters}`, () => seen = true, end).then((events) => {
      if (!ended)
        timer = setTimeout(() => (events.close(), end()), OOM_LOOK_TIMEOUT_MS);
    }, reject);
  });
}
const STATS_INTERVAL_MS = 250;
function cpuFromStats(stats) {
  const usage = stats?.cpu_stats?.cpu_usage?.total_usage;
  if (typeof usage !== "number" || usage <= 0)
    return void 0;
  return { waitedUs: 0, usedUs: Math.round(usage / 1e3) };
}
function statsMeter(api, name, { intervalMs = STATS_INTERVAL_MS, fresh = false } = {}) {
  let last;
  let asked = false;
  let askedAt = -Infinity;
  const ask = () => {
    asked = true;
    askedAt = performance.now();
    api.call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, void 0, AbortSignal.timeout(2e3)).then((stats) => last = cpuFromStats(stats) ?? last, () => {
    }).finally(() => asked = false);
  };
  return {
    kind: "engine stats CPU time",
    readsWait: false,
    startsAtZero: fresh,
    read() {
      if (!asked && performance.now() - askedAt >= intervalMs)
        ask();
      return last;
    }
  };
}
function apiContainerMeter(api, container, local, runtime) {
  return local ? containerMeter(() => container.id, { runtime }) : statsMeter(api, container.name, { fresh: container.fresh });
}
async function makeNameFiles(api, name, config) {
  await api.call("POST", `/containers/create?name=${name}`, config);
  await api.call("POST", `/containers/${name}/start`);
  await api.call("POST", `/containers/${name}/wait?condition=not-running`);
  const info2 = await api.call("GET", `/containers/${name}/json`);
  const files = {
    hostname: info2.Config?.Hostname,
    hosts: info2.HostsPath,
    resolvConf: info2.ResolvConfPath,
    hostnameFile: info2.HostnamePath
  };
  return Object.values(files).every((v) => typeof v === "string" && v !== "") ? files : void 0;
}
;
const WAIT_TIMEOUT_MS = 6e4;
const failureOf = (call) => call.then(() => void 0, (error) => error.message);
function apiRunImageSteps(api, nameFiles) {
  return {
    // As the CLI's `create` (no -i): no stdin, so a setup that reads it gets EOF rather than a wait. The run
    // image's config keeps the setup's NetworkDisabled and Hostname; a container made from it takes neither
    // (docker merges only the user, environment, command, work dir and such from an image).
    create: async (name, policy) => failureOf(api.call("POST", `/containers/create?name=${name}`, {
      ...apiCreateConfig(policy, policy.network === "none" ? await nameFiles?.(policy) : void 0),
      AttachStdin: false,
      OpenStdin: false,
      StdinOnce: false
    })),
    // As `docker cp -`: owners as the tar has them, no directory replaced by a file.
    copy: (name, archive, timeoutMs) => failureOf(api.sendTar("PUT", `/containers/${name}/archive?path=%2F&noOverwriteDirNonDir=true`, archive, AbortSignal.timeout(timeoutMs))),
    start: (name, timeoutMs, maxOutputBytes) => startAttached(api, name, timeoutMs, maxOutputBytes),
    async commit(name, tag, labels, timeoutMs) {
      const at = tag.lastIndexOf(":");
      const changes = Object.entries(labels).map(([key, value]) => `&changes=${encodeURIComponent(`LABEL ${key}=${value}`)}`).join("");
      const query = `container=${name}&repo=${encodeURIComponent(tag.slice(0, at))}&tag=${encodeURIComponent(tag.slice(at + 1))}`;
      try {
        const made = await api.call("POST", `/commit?${query}${changes}`, void 0, AbortSignal.timeout(timeoutMs));
        return made?.Id ? { id: made.Id } : {};
      } catch (error) {
        return { failed: error.message };
      }
    },
    remove: (name) => removeContainer(api, name).catch(() => {
    }),
    async removeImage(image) {
      try {
        await api.call("DELETE", `/images/${encodeURIComponent(image)}?force=1`);
        return void 0;
      } catch (error) {
        return error instanceof ApiError && error.status === 404 ? void 0 : `${image}: ${error.message}`;
      }
    }
  };
}
async function startAttached(api, name, timeoutMs, maxOutputBytes) {
  const stdout = new StreamCapture(maxOutputBytes);
  const stderr = new StreamCapture(maxOutputBytes);
  const output = () => `${stdout.result().text}${stderr.result().text}`;
  let stream2;
  try {
    stream2 = await api.hijack(`/containers/${name}/attach?stream=1&stdout=1&stderr=1`);
  } catch (error) {
    return { failed: error.message, output: "" };
  }
  const frames = new FrameReader((id, payload) => (id === STDOUT ? stdout : stderr).push(payload));
  const attached = stream2;
  const ended = new Promise((resolve2) => {
    attached.on("data", (chunk) => frames.push(chunk));
    attached.on("error", () => {
    });
    attached.once("close", () => resolve2());
  });
  try {
    await api.call("POST", `/containers/${name}/start`);
  } catch (error) {
    attached.destroy();
    return { failed: error.message, output: output() };
  }
  let timedOut = false;
  let cut;
  const deadline = setTimeout(() => {
    timedOut = true;
    void api.call("POST", `/containers/${name}/kill`).catch(() => {
    });
    cut = setTimeout(() => attached.destroy(), KILL_GRACE_MS);
  }, timeoutMs);
  await ended;
  clearTimeout(deadline);
  clearTimeout(cut);
  if (timedOut)
    return { timedOut: true, output: output() };
  try {
    const waited = await api.call("POST", `/containers/${name}/wait?condition=not-running`, void 0, AbortSignal.timeout(WAIT_TIMEOUT_MS));
    return typeof waited?.StatusCode === "number" ? { code: waited.StatusCode, output: output() } : { failed: "the engine gave no exit code", output: output() };
  } catch (error) {
    return { failed: error.message, output: output() };
  }
}
;
function cliRunImageSteps(binary, dialect) {
  const failure = (result) => result.code === 0 ? void 0 : describeFailure(result);
  return {
    create: async (name, policy) => failure(await cli(binary, cliRunArgs(policy, name, dialect, "create"))),
    copy: async (name, archive, timeoutMs) => failure(await cli(binary, ["cp", "-", `${name}:/`], { input: archive, timeoutMs })),
    async start(name, timeoutMs, maxOutputBytes) {
      const result = await cli(binary, ["start", "-a", name], { timeoutMs, maxOutputBytes });
      const output = `${result.stdout}${result.stderr}`;
      if (result.timedOut) {
        await cli(binary, ["kill", name]);
        return { timedOut: true, output };
      }
      if (result.error)
        return { failed: result.error.message, output };
      return { code: result.code ?? 125, output };
    },
    async commit(name, tag, labels, timeoutMs) {
      const changes = Object.entries(labels).flatMap(([key, value]) => ["--change", `LABEL ${key}=${value}`]);
      const committed = await cli(binary, ["commit", ...changes, name, tag], { timeoutMs });
      if (committed.code !== 0)
        return { failed: describeFailure(committed) };
      const id = committed.stdout.trim();
      return id ? { id } : {};
    },
    remove: async (name) => void await cli(binary, ["rm", "-f", "-v", name]),
    removeImage: (image) => removeImage(binary, image, true)
  };
}
;
const MIN_STEP_MS = 1;
function chargedMs(wallMs, waitedMs) {
  return Math.max(0, wallMs - Math.max(0, waitedMs));
}
function charged_time_nextStep(at) {
  const { wallMs, waitedMs, limitMs, backstopMs } = at;
  if (wallMs >= backstopMs)
    return { kind: "backstop", busy: waitedMs * 2 > wallMs };
  const had = chargedMs(wallMs, waitedMs);
  if (had >= limitMs)
    return { kind: "timeout" };
  return { kind: "wait", forMs: Math.max(MIN_STEP_MS, Math.min(limitMs - had, backstopMs - wallMs)) };
}
function defaultWallTimeoutMs(timeoutMs) {
  return Math.max(5 * timeoutMs, timeoutMs + 6e4);
}
function spentBetween(from, to) {
  if (from === void 0 || to === void 0)
    return { waitedMs: 0, usedMs: 0, queuedMs: 0 };
  const queued = to.queuedUs === void 0 || from.queuedUs === void 0 ? 0 : to.queuedUs - from.queuedUs;
  return {
    waitedMs: Math.max(0, to.waitedUs - from.waitedUs) / 1e3,
    usedMs: Math.max(0, to.usedUs - from.usedUs) / 1e3,
    queuedMs: Math.max(0, queued) / 1e3
  };
}
function madeToWaitMs(spent, wallMs, cpus) {
  const share = cpus > 0 ? cpus : 1;
  const queued = Math.min(spent.queuedMs, wallMs - spent.usedMs / share);
  return Math.max(0, spent.waitedMs, queued);
}
;
const METER_POLL_MS = 100;
class RunClock {
  /** Reads the driver's stderr; push every chunk of it here. */
  parser;
  timedOut = false;
  stalled = false;
  /** The backstop ended a run that was mostly made to wait: the machine's doing, our failure. */
  busy = false;
  #meter;
  /** The CPUs it may use at once: its limit, at most the machine's. */
  #share;
  #onExpired;
  #phase;
  #run;
  /**
   * The meter's CPU time when the candidate's run began, by the driver's stamp where the meter vouches for
   * it: node reads the run marker late on a busy machine, and the CPU the candidate used meanwhile is its.
   */
  #cpuFromUs;
  /** The last reading of the meter: the counters may be gone with the sandbox when the run ends. */
  #last;
  /** The reading that ends the candidate's time: at its deadline, or once its command ended. */
  #final;
  /** When the final reading was taken. */
  #finalAt = 0;
  /** The first reading that found no task of the candidate left, and when: its time ended there. */
  #ended;
  /** When the candidate's own clock ran out: what follows (a memory sample, the kill) is our time, not its. */
  #expiredAt;
  #timer;
  #poll;
  constructor({ nonce, timeoutMs, wallTimeoutMs, meter, cpus, onRunOutput, onExpired, maxResultsBytes }) {
    this.#meter = meter;
    this.#share = Math.min(cpus, (0, external_node_os_namespaceObject.availableParallelism)());
    this.#onExpired = onExpired;
    const backstopMs = wallTimeoutMs ?? defaultWallTimeoutMs(timeoutMs);
    this.#phase = {
      startedAt: performance.now(),
      start: this.#read(),
      limitMs: timeoutMs + START_GRACE_MS,
      backstopMs: backstopMs + START_GRACE_MS
    };
    this.#arm(this.#phase.limitMs);
    this.parser = new PhaseParser({
      nonce,
      onRunOutput,
      ...maxResultsBytes === void 0 ? {} : { maxResultsBytes },
      onRun: () => {
        const start = this.#read() ?? (meter?.startsAtZero === true ? { waitedUs: 0, usedUs: 0 } : void 0);
        this.#run = { startedAt: performance.now(), start, limitMs: timeoutMs, backstopMs };
        const stamp = this.parser.cpuStamp;
        const sinceUs = stamp === void 0 ? void 0 : meter?.since?.(stamp);
        if (start !== void 0)
          this.#cpuFromUs = Math.max(0, start.usedUs - (sinceUs ?? 0));
        this.#phase = this.#run;
        this.#arm(timeoutMs);
        if (meter !== void 0)
          this.#poll = setInterval(() => this.#read(), METER_POLL_MS).unref();
      },
      onCommandEnd: () => this.#finish()
    });
  }
  /**
   * The run's output ended: stops the clocks; returns the candidate's run time (0 when it never ran),
   * up to its deadline when a clock ended it. Node's wall clock starts when it reads the run marker, which
   * on a busy machine can come in one read with the run's end (a 20 ms run read 0 ms beside four CPU hogs):
   * a run that ended on its own took at least its CPU time (from the driver's stamp: Python's check-and-run
   * counts its interpreter's start, as `python3 FILE` would) at its full share, so that is the least it
   * reads. A run a clock ended reads its deadline: the limit decided it.
   */
  end() {
    const endedAt = this.#expiredAt ?? this.#ended?.at ?? performance.now();
    this.#finish();
    this.#stop();
    this.parser.end();
    if (this.#run === void 0)
      return 0;
    const cpuMs = this.#expiredAt === void 0 ? this.spent?.cpuMs ?? 0 : 0;
    return Math.round(Math.max(endedAt - this.#run.startedAt, cpuMs / this.#share));
  }
  /**
   * The candidate's CPU time from the start of its run (the driver's stamp, else the run marker) to its
   * end, and its wait from the run marker where the meter reads one; undefined without a meter's reading.
   */
  get spent() {
    if (this.#run?.start === void 0 || this.#final === void 0)
      return void 0;
    const cpuUs = Math.max(0, this.#final.usedUs - (this.#cpuFromUs ?? this.#run.start.usedUs));
    const cpuMs = Math.round(cpuUs / 1e3);
    if (this.#meter?.readsWait === false)
      return { cpuMs };
    const spent = spentBetween(this.#run.start, this.#final);
    const waitedMs = madeToWaitMs(spent, this.#finalAt - this.#run.startedAt, this.#share);
    return { cpuMs, waitedMs: Math.round(waitedMs) };
  }
  /** Takes the reading that ends the candidate's time, once. */
  #finish() {
    if (this.#final !== void 0)
      return;
    this.#final = this.#read();
    this.#finalAt = performance.now();
  }
  /**
   * Reads the meter, keeping the reading; the last one when the counters are gone. The first reading of
   * the run that finds no task left ends the candidate's time (a poll late by the event loop charges it
   * the lateness, never gives it time).
   */
  #read() {
    const reading = this.#meter?.read();
    if (reading !== void 0)
      this.#last = reading;
    if (reading?.tasks === 0 && this.#run !== void 0 && this.#ended === void 0) {
      const at = performance.now();
      this.#ended = { at, reading };
      if (this.#final === void 0) {
        this.#final = reading;
        this.#finalAt = at;
      }
    }
    return this.#last;
  }
  #arm(ms) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#step(), ms);
  }
  /**
   * At a deadline: the decision is the clock's that measures the run (Node's timer runs on the event
   * loop's own millisecond clock and can fire a fraction of a millisecond early by performance.now(),
   * which reported a 1 s timeout as 999 ms), on a fresh reading of the time the candidate waited.
   */
  #step() {
    const phase = this.#phase;
    let now = performance.now();
    let reading = this.#read();
    const ended = phase === this.#run ? this.#ended : void 0;
    if (ended !== void 0)
      ({ at: now, reading } = ended);
    const wallMs = now - phase.startedAt;
    const step = charged_time_nextStep({
      wallMs,
      waitedMs: madeToWaitMs(spentBetween(phase.start, reading), wallMs, this.#share),
      limitMs: phase.limitMs,
      backstopMs: phase.backstopMs
    });
    if (ended !== void 0 && step.kind === "wait") {
      const leftMs = phase.backstopMs - (performance.now() - phase.startedAt);
      if (leftMs > 0)
        return this.#arm(leftMs);
      this.stalled = true;
      this.#stop();
      return this.#onExpired();
    }
    if (step.kind === "wait")
      return this.#arm(step.forMs);
    if (phase !== this.#run)
      this.stalled = true;
    else if (step.kind === "backstop" && step.busy)
      this.busy = true;
    else
      this.timedOut = true;
    if (phase === this.#run) {
      this.#expiredAt = now;
      this.#final = reading;
      this.#finalAt = now;
    }
    this.#stop();
    this.#onExpired();
  }
  #stop() {
    clearTimeout(this.#timer);
    clearInterval(this.#poll);
  }
}
;
function hold(child) {
  child.stdout?.pause();
  child.stderr?.pause();
  const exited = new Promise((resolve2) => {
    child.on("error", (error) => resolve2({ code: null, error }));
    child.on("close", (code) => resolve2({ code }));
  });
  return { child, exited };
}
function release({ child }) {
  child.stdin.on("error", () => {
  });
  child.stdin.end();
  child.stdout?.resume();
  child.stderr?.resume();
}
async function readChild(started, job, { nonce, input }, control) {
  const { child, exited } = "exited" in started ? started : hold(started);
  const { limits } = job;
  const stdout = new StreamCapture(limits.maxOutputBytes);
  const stderr = new StreamCapture(limits.maxOutputBytes);
  const log = logCapture(job);
  let memoryAtTimeout;
  const clock = new RunClock({
    nonce,
    timeoutMs: limits.timeoutMs,
    ...limits.wallTimeoutMs !== void 0 && { wallTimeoutMs: limits.wallTimeoutMs },
    ...control.meter && { meter: control.meter },
    cpus: limits.cpus,
    onRunOutput: (chunk) => {
      stderr.push(chunk);
      log?.push("stderr", chunk);
    },
    ...job.results && { maxResultsBytes: MAX_RESULTS_BYTES },
    onExpired: () => void (async () => {
      if (clock.timedOut)
        memoryAtTimeout = await control.memory();
      await control.kill();
    })()
  });
  const { parser } = clock;
  child.stdout?.on("data", (chunk) => {
    stdout.push(chunk);
    log?.push("stdout", chunk);
  }).resume();
  child.stderr?.on("data", (chunk) => parser.push(chunk)).resume();
  child.stdin.on("error", () => {
  });
  writeInput(child.stdin, input);
  const exit = await exited;
  const durationMs2 = clock.end();
  return { exit, outcome: outcomeOf(clock, { stdout, stderr, log }, durationMs2, memoryAtTimeout) };
}
;
const PULL_TIMEOUT_MS = 15 * 6e4;
const ABORT_POLL_MS = 100;
class cli_engine_CliEngine extends OpeningEngine {
  binary;
  #dialect;
  #removals = new Removals((name) => this.#removeOne(name));
  /** The `run` CLI of every run in flight, by container name. */
  #active = /* @__PURE__ */ new Map();
  /** podman runs' working directories (see run()): an abort removes them, since the process exits next. */
  #runDirs = /* @__PURE__ */ new Set();
  /** The engine runs on this machine, so its containers' cgroups can be read (clock.ts). */
  #local = engineIsLocal();
  constructor(options = {}) {
    super();
    this.binary = options.binary ?? "docker";
    this.#dialect = (0, external_node_path_namespaceObject.basename)(this.binary) === "podman" ? "podman" : "docker";
  }
  async runOpened(job, hooks, opening) {
    const name = containerName();
    hooks.onContainer?.(name);
    let runDir;
    try {
      if (this.#dialect === "podman" || this.#local)
        this.#runDirs.add(runDir = await (0, external_node_fs_promises_namespaceObject.mkdtemp)((0, external_node_path_namespaceObject.join)((0, external_node_os_namespaceObject.tmpdir)(), "sandbox-gate-run-")));
      return await this.#run(name, job, opening, runDir);
    } catch (error) {
      this.#removals.remove(name);
      return failedFacts(`the sandbox failed: ${error.message}`);
    } finally {
      if (runDir !== void 0)
        await this.#removeRunDir(runDir);
    }
  }
  async #run(name, job, opening, runDir) {
    const args = cliRunArgs(lockDown(job), name, this.#dialect);
    const cidfile = runDir === void 0 || !this.#local ? void 0 : (0, external_node_path_namespaceObject.join)(runDir, "cid");
    if (cidfile !== void 0)
      args.splice(1, 0, "--cidfile", cidfile);
    const child = (0, external_node_child_process_namespaceObject.spawn)(this.binary, args, {
      stdio: ["pipe", "pipe", "pipe"],
      ...this.#dialect === "podman" && runDir !== void 0 && { cwd: runDir }
    });
    this.#active.set(name, child);
    child.on("close", () => this.#active.delete(name));
    child.on("error", () => this.#active.delete(name));
    const { exit, outcome: outcome2 } = await readChild(child, job, opening, {
      kill: () => this.#kill(name, child),
      memory: () => this.#memory(name),
      ...cidfile !== void 0 && {
        meter: containerMeter(() => readCid(cidfile), { runtime: job.limits.runtime })
      }
    });
    if (exit.error)
      return failedFacts(`cannot run ${this.binary}: ${exit.error.message}`);
    const state = await this.#state(name);
    const monitorOom = this.#dialect === "podman" && runDir !== void 0 && (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(runDir, "oom"));
    const ending = {
      exitCode: exit.code,
      killedByUs: outcome2.timedOut || outcome2.stalled || outcome2.busy || this.aborted,
      oomKilled: state.oomKilled === true || monitorOom
    };
    const oomKilled = await oomVerdict(ending, () => cliOomEventSeen(this.binary, name));
    this.#removals.remove(name);
    return runFacts(this.binary, job, outcome2, {
      exitCode: exit.code,
      oomKilled,
      aborted: this.aborted,
      ...state.error === void 0 ? {} : { stateError: state.error }
    });
  }
  /**
   * Kills by name: killing the CLI would leave the container running. The container may not exist yet,
   * or the engine may hang (gVisor's `runsc start` can wedge a container so that even `kill` never
   * returns): then the CLI itself has to go, KILL_GRACE_MS after the kill was asked for.
   */
  async #kill(name, child) {
    if (child.exitCode !== null || child.signalCode !== null)
      return;
    const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    child.once("close", () => clearTimeout(grace));
    await cli(this.binary, ["kill", name], { timeoutMs: KILL_GRACE_MS });
  }
  /** The container's memory as the CLI reports it, or undefined when it cannot say in time. */
  async #memory(name) {
    const result = await cli(this.binary, ["stats", "--no-stream", "--format", "{{.MemUsage}}", name], {
      timeoutMs: MEMORY_SAMPLE_TIMEOUT_MS
    });
    return result.code === 0 ? memoryFromCli(result.stdout.trim()) : void 0;
  }
  /**
   * The engine's own verdict; exit code 137 alone cannot tell an OOM kill from any other SIGKILL.
   * `error` when the state cannot be read: the engine stopped, or the container was removed under us.
   */
  async #state(name) {
    const result = await cli(this.binary, ["inspect", "--format", "{{json .State}}", name]);
    if (result.code !== 0)
      return { error: describeFailure(result) };
    try {
      return { oomKilled: JSON.parse(result.stdout).OOMKilled === true };
    } catch {
      return { error: `unreadable state: ${result.stdout.slice(0, 200)}` };
    }
  }
  async #removeOne(name) {
    const result = await cli(this.binary, ["rm", "-f", "-v", name]);
    if (result.code !== 0 && !/no such container/i.test(result.stderr))
      throw new Error(describeFailure(result));
  }
  async close() {
    return this.#removals.settle();
  }
  /**
   * Ends every run in flight and refuses new ones, for a cancelled job; returns the containers removed.
   * A container asked for before its CLI created it appears a moment later, so this asks again until
   * every CLI has ended (a CLI still there after KILL_GRACE_MS is killed).
   */
  async abort() {
    this.aborted = true;
    const removed = /* @__PURE__ */ new Set();
    const deadline = external_node_perf_hooks_namespaceObject.performance.now() + KILL_GRACE_MS;
    while (this.#active.size > 0 && external_node_perf_hooks_namespaceObject.performance.now() < deadline) {
      const result = await cli(this.binary, ["rm", "-f", "-v", ...this.#active.keys()]);
      for (const name of result.stdout.split("\n").map((line) => line.trim()).filter(Boolean))
        removed.add(name);
      await (0, promises_namespaceObject.setTimeout)(ABORT_POLL_MS);
    }
    for (const child of this.#active.values())
      child.kill("SIGKILL");
    await Promise.all([...this.#runDirs].map((dir) => this.#removeRunDir(dir)));
    await this.close();
    return [...removed];
  }
  async #removeRunDir(dir) {
    this.#runDirs.delete(dir);
    await (0, external_node_fs_promises_namespaceObject.rm)(dir, { recursive: true, force: true });
  }
  async hasImage(image) {
    const result = await cli(this.binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
    if (result.code === 0)
      return true;
    if (/no such (image|object)|image not known/i.test(result.stderr))
      return false;
    throw new Error(`cannot inspect image ${image}: ${describeFailure(result)}`);
  }
  async pull(image) {
    const result = await cli(this.binary, ["pull", "--quiet", "--", image], { timeoutMs: PULL_TIMEOUT_MS });
    if (result.code !== 0)
      throw new Error(`pull of ${image} failed: ${describeFailure(result)}`);
  }
  /**
   * Containers first (a run image cannot go while one runs from it, nor a network while one is on it),
   * then the run's images and its services' networks (sandbox/services.ts).
   */
  async removeLabelled(label2) {
    const containers = await this.#removeListed(["ps", "-a", "--filter", `label=${label2}`, "--format", "{{.Names}}"], ["rm", "-f", "-v"], `containers labelled ${label2}`);
    const networks = await this.#removeListed(["network", "ls", "--filter", `label=${label2}`, "--format", "{{.Name}}"], ["network", "rm"], `networks labelled ${label2}`);
    const images = await this.#removeListed(["images", "--filter", `label=${label2}`, "--format", "{{.Repository}}:{{.Tag}}"], ["rmi", "-f"], `images labelled ${label2}`);
    return [...containers, ...networks, ...images];
  }
  async #removeListed(list, remove, what) {
    const listed = await cli(this.binary, list);
    if (listed.code !== 0)
      throw new Error(`cannot list ${what}: ${describeFailure(listed)}`);
    const names = listed.stdout.split("\n").map((line) => line.trim()).filter(Boolean);
    if (names.length === 0)
      return [];
    const removed = await cli(this.binary, [...remove, ...names]);
    if (removed.code !== 0)
      throw new Error(`cannot remove ${names.join(", ")}: ${describeFailure(removed)}`);
    return names;
  }
}
async function cliOomEventSeen(binary, name) {
  const { since, until } = eventWindow();
  const args = ["events", "--since", since, "--until", until, "--filter", `container=${name}`, "--filter", "event=oom"];
  const result = await cli(binary, args, { timeoutMs: OOM_LOOK_TIMEOUT_MS });
  return result.code === 0 && result.stdout.trim() !== "";
}
function readCid(path2) {
  try {
    return (0, external_node_fs_namespaceObject.readFileSync)(path2, "utf8").trim() || void 0;
  } catch {
    return void 0;
  }
}
;
const external_node_stream_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:stream");
;
const EXIT_GRACE_MS = 200;
function captureStream({ stream: stream2, input, job, nonce, kill, memory, meter, exited }) {
  const { limits } = job;
  const stdout = new StreamCapture(limits.maxOutputBytes);
  const stderr = new StreamCapture(limits.maxOutputBytes);
  const log = logCapture(job);
  let cut;
  let forceEnd = () => {
  };
  const forced = new Promise((resolve2) => forceEnd = resolve2);
  let memoryAtTimeout;
  const stop = () => {
    void (async () => {
      if (clock.timedOut)
        memoryAtTimeout = await memory();
      await kill();
    })();
    cut ??= setTimeout(() => {
      stream2.destroy();
      forceEnd();
    }, KILL_GRACE_MS);
  };
  const clock = new RunClock({
    nonce,
    timeoutMs: limits.timeoutMs,
    ...limits.wallTimeoutMs !== void 0 && { wallTimeoutMs: limits.wallTimeoutMs },
    ...meter && { meter },
    cpus: limits.cpus,
    onRunOutput: (chunk) => {
      stderr.push(chunk);
      log?.push("stderr", chunk);
    },
    ...job.results && { maxResultsBytes: MAX_RESULTS_BYTES },
    onExpired: stop
  });
  const { parser } = clock;
  const frames = new FrameReader((id, payload) => {
    if (id === STDOUT) {
      stdout.push(payload);
      log?.push("stdout", payload);
    } else if (id === STDERR)
      parser.push(payload);
  });
  const closed = stream2.closed ? Promise.resolve() : new Promise((resolve2) => stream2.once("close", resolve2));
  void exited?.then(() => {
    const grace = setTimeout(() => stream2.destroy(), EXIT_GRACE_MS);
    void closed.then(() => clearTimeout(grace));
  });
  return new Promise((resolve2) => {
    stream2.on("data", (chunk) => frames.push(chunk));
    stream2.on("error", () => {
    });
    void Promise.all([closed, exited && Promise.race([exited, forced])]).then(() => {
      const durationMs2 = clock.end();
      clearTimeout(cut);
      resolve2(outcomeOf(clock, { stdout, stderr, log }, durationMs2, memoryAtTimeout));
    });
    writeInput(stream2, input);
  });
}
;
const ANSWER_MS = 1e4;
const MAX_FAILURES = 3;
const MAX_SOURCE_BYTES = 1 << 20;
class WarmChecker {
  #start;
  #answerMs;
  #maxFailures;
  #maxSourceBytes;
  /** The checker serving now, or starting; none until the first question, and none after it ended. */
  #live;
  #failures = 0;
  #closed = false;
  /** Questions answered `1`, questions left to the job's own check, and checkers started: for the bench and the tests. */
  counts = { parses: 0, fellBack: 0, started: 0 };
  constructor(start, options = {}) {
    this.#start = start;
    this.#answerMs = options.answerMs ?? ANSWER_MS;
    this.#maxFailures = options.maxFailures ?? MAX_FAILURES;
    this.#maxSourceBytes = options.maxSourceBytes ?? MAX_SOURCE_BYTES;
  }
  /** Whether `source` parses, as the checker says; false whenever it cannot say (the job then checks it). */
  async parses(source) {
    const bytes = typeof source === "string" ? Buffer.from(source) : source;
    if (bytes.length > this.#maxSourceBytes)
      return this.#fellBack();
    const live = await this.#serving();
    if (!live || live.ended)
      return this.#fellBack();
    const parses = await new Promise((resolve2) => {
      const timer = setTimeout(() => this.#end(live), this.#answerMs);
      live.pending.push({ resolve: resolve2, timer });
      live.process.stdin.write(`${bytes.length}
`);
      live.process.stdin.write(bytes);
    });
    if (!parses)
      return this.#fellBack();
    this.#failures = 0;
    this.counts.parses++;
    return true;
  }
  /** Ends the checker: its stdin closed, so it exits, or killed when it has not within an answer's time. */
  async close() {
    this.#closed = true;
    const live = await this.#live;
    this.#live = void 0;
    if (!live || live.ended)
      return;
    live.ended = true;
    const kill = setTimeout(() => live.process.kill(), this.#answerMs);
    live.process.stdin.end();
    await live.process.exited;
    clearTimeout(kill);
  }
  #fellBack() {
    this.counts.fellBack++;
    return false;
  }
  /** The checker, started at the first question and again after one ended; none once closed or given up on. */
  async #serving() {
    for (; ; ) {
      if (this.#closed || this.#failures >= this.#maxFailures)
        return void 0;
      const serving = this.#live;
      if (serving === void 0) {
        this.#live = this.#started();
        continue;
      }
      const live = await serving;
      if (live && !live.ended)
        return live;
      if (this.#live === serving)
        this.#live = void 0;
    }
  }
  async #started() {
    const process2 = await this.#start().catch(() => void 0);
    if (!process2) {
      this.#failures++;
      return void 0;
    }
    this.counts.started++;
    const live = { process: process2, pending: [], buffered: "", ended: false, answered: 0 };
    process2.stdin.on("error", () => this.#end(live));
    process2.stderr.resume();
    process2.stdout.setEncoding("latin1");
    process2.stdout.on("data", (chunk) => this.#read(live, chunk));
    process2.stdout.on("end", () => this.#end(live));
    process2.stdout.resume();
    void process2.exited.then(() => this.#end(live));
    return live;
  }
  /** Each line answers the oldest question: `1` parses, any other line does not. */
  #read(live, chunk) {
    live.buffered += chunk;
    let newline;
    while ((newline = live.buffered.indexOf("\n")) >= 0) {
      const line = live.buffered.slice(0, newline);
      live.buffered = live.buffered.slice(newline + 1);
      const asked = live.pending.shift();
      if (!asked)
        return this.#end(live);
      clearTimeout(asked.timer);
      live.answered++;
      asked.resolve(line === "1");
    }
    if (live.buffered.length > 16)
      this.#end(live);
  }
  /** The checker is done for (no answer in time, gone, talking nonsense): its open questions fall back. */
  #end(live) {
    const first = !live.ended;
    if (first) {
      live.ended = true;
      live.process.kill();
    }
    const pending = live.pending.splice(0);
    if (pending.length > 0 || first && live.answered === 0)
      this.#failures++;
    for (const { resolve: resolve2, timer } of pending) {
      clearTimeout(timer);
      resolve2(false);
    }
  }
}
class WarmChecks {
  #start;
  /** The checkers' limits; undefined when the engine keeps none (every job keeps its check). */
  #options;
  #startAfter;
  #maxLive;
  /** Each lock-down's asks, and its checker once started; the most recently asked last. */
  #entries = /* @__PURE__ */ new Map();
  /** Checkers ended for others, still ending: close() waits for them. */
  #ending = /* @__PURE__ */ new Set();
  /** The counts of the checkers ended, and the jobs left to their own check before a checker started. */
  #past = { parses: 0, fellBack: 0, started: 0 };
  constructor(start, options = {}) {
    this.#start = start;
    this.#options = options === false ? void 0 : options;
    this.#startAfter = this.#options?.startAfter ?? 0;
    this.#maxLive = Math.max(1, this.#options?.maxLive || MAX_LIVE);
  }
  /**
   * The job as it runs after its checker's answers: without its check where the checker says every file
   * parses, as given otherwise. The checker's sandbox has the job's lock-down (its first attempt's, so a
   * rerun asks the same checker) but for its argv, the checker in place of the driver, and no network.
   */
  async checked(job) {
    const warm = job.warmCheck;
    const options = this.#options;
    if (!warm || !options || job.checkRuns || !job.check?.length || job.network !== void 0)
      return job;
    const policy = { ...lockDown({ ...job, attempt: 1 }), argv: [...warm.server] };
    const key = JSON.stringify(policy);
    const entry = this.#entries.get(key) ?? { asked: 0 };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    entry.asked++;
    if (!entry.checker) {
      if (entry.asked <= this.#startAfter) {
        this.#forget();
        this.#past.fellBack += warm.sources.length;
        return job;
      }
      entry.checker = new WarmChecker(() => this.#start(policy), options);
      this.#evict();
    }
    const checker2 = entry.checker;
    const answers = await Promise.all(warm.sources.map((source) => checker2.parses(source)));
    return answers.every(Boolean) ? { ...job, check: [] } : job;
  }
  /** The checkers' counts, summed over the engine's life: for the bench and the tests. */
  get counts() {
    const sum = { ...this.#past };
    for (const { checker: checker2 } of this.#entries.values())
      if (checker2)
        addCounts(sum, checker2.counts);
    return sum;
  }
  /** Ends every checker (a later run starts its own). */
  async close() {
    const checkers = [...this.#entries.values()].flatMap(({ checker: checker2 }) => checker2 ? [checker2] : []);
    this.#entries.clear();
    await Promise.all([...checkers.map((checker2) => this.#end(checker2)), ...this.#ending]);
  }
  /** Ends the least recently asked checkers beyond maxLive. */
  #evict() {
    const live = [...this.#entries.values()].filter((entry) => entry.checker);
    for (const entry of live.slice(0, Math.max(0, live.length - this.#maxLive))) {
      void tracked(this.#ending, this.#end(entry.checker));
      delete entry.checker;
      entry.asked = 0;
    }
  }
  /** Forgets the oldest lock-downs without a checker beyond MAX_KEPT: a dataset of a thousand images. */
  #forget() {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= MAX_KEPT)
        return;
      if (!entry.checker)
        this.#entries.delete(key);
    }
  }
  async #end(checker2) {
    await checker2.close();
    addCounts(this.#past, checker2.counts);
  }
}
const MAX_LIVE = 4;
const MAX_KEPT = 256;
function addCounts(sum, counts) {
  sum.parses += counts.parses;
  sum.fellBack += counts.fellBack;
  sum.started += counts.started;
}
;
class FreshPoolEngine extends CliImages {
  #api;
  /** Run images are made through it too (ContainerEngine.api). */
  api;
  #warmTarget;
  /** Containers being created or ready, by their create config. */
  #warm = /* @__PURE__ */ new Map();
  /** The config of the container taken last, and how many takes in a row it has been taken (warmsAhead). */
  #lastKey;
  #streak = 0;
  /** Creations in flight, warm or not: close() waits for them so none finishes unseen. */
  #creating = /* @__PURE__ */ new Set();
  /** Every container created and not yet removed: what close() and abort() must remove. */
  #owned = /* @__PURE__ */ new Set();
  #removals;
  /** The containers run on this machine, so their cgroups can be read (clock.ts). */
  #local = engineIsLocal();
  /**
   * The name files the containers without a network bind in place of docker's network hook (policy.ts), made
   * once, by the container `#namesHolder`, which is kept until close(); undefined: docker's own set-up.
   */
  #names;
  /** The name files once made: until then a container is made with docker's own set-up (#namesOrHook). */
  #namesMade;
  #namesHolder;
  /** Parse checks kept warm (warm-check.ts), each checker in a container of its own. */
  #checks;
  constructor(api, cli2, options) {
    super(cli2);
    this.#api = api;
    this.api = api;
    this.#removals = new Removals((name) => removeContainer(api, name));
    this.#warmTarget = Math.max(0, options.warm);
    const warmCheck2 = options.warmCheck === false ? false : { startAfter: 8, ...options.warmCheck };
    this.#checks = new WarmChecks((policy) => this.#checkerProcess(policy), warmCheck2);
  }
  async runOpened(given, hooks, { nonce, input }) {
    const job = await this.#checks.checked(given);
    const container = await this.#take(job);
    hooks.onContainer?.(container.name);
    if (container.error !== void 0)
      return failedFacts(`the sandbox did not start: ${container.error}`);
    if (this.aborted) {
      this.#discard(container);
      return failedFacts(CANCELLED_BEFORE_START);
    }
    try {
      return await this.#attached(container, job, input, nonce);
    } catch (error) {
      return failedFacts(`the sandbox failed: ${error.message}`);
    } finally {
      this.#remove(container.name);
    }
  }
  async #attached({ name, id, stream: stream2 }, job, input, nonce) {
    const outcome2 = await captureStream({
      stream: stream2,
      input,
      job,
      nonce,
      meter: apiContainerMeter(this.#api, { name, id, fresh: true }, this.#local, job.limits.runtime),
      kill: () => this.#kill(name),
      memory: () => containerMemory(this.#api, name)
    });
    const exit = await this.#call("POST", `/containers/${name}/wait?condition=not-running`).catch((error) => ({ error }));
    const state = await this.#call("GET", `/containers/${name}/json`).then((info2) => ({ oomKilled: info2.State.OOMKilled === true }), (error) => ({ oomKilled: false, error: error.message }));
    const exitCode = "StatusCode" in exit ? exit.StatusCode : null;
    const ending = {
      exitCode,
      killedByUs: outcome2.timedOut || outcome2.stalled || outcome2.busy || this.aborted,
      oomKilled: state.oomKilled
    };
    const oomKilled = await oomVerdict(ending, () => oomEventSeen(this.#api, name));
    const stateError = "error" in exit ? exit.error.message : state.error;
    return runFacts("the container", job, outcome2, {
      exitCode,
      oomKilled,
      aborted: this.aborted,
      ...stateError === void 0 ? {} : { stateError }
    });
  }
  /**
   * A checker's container, made as a candidate's is (the same config, the checker in place of the driver),
   * its stdout and stderr apart from the attach's frames; removed once its attach closes.
   */
  async #checkerProcess(policy) {
    if (this.aborted)
      return void 0;
    const created = await this.#create(apiCreateConfig(policy, this.#namesOrHook(policy)));
    const { name, stream: stream2 } = created;
    if (created.error !== void 0 || !stream2) {
      this.#discard(created);
      return void 0;
    }
    const stdout = new external_node_stream_namespaceObject.PassThrough();
    const stderr = new external_node_stream_namespaceObject.PassThrough();
    const frames = new FrameReader((id, payload) => (id === STDOUT ? stdout : stderr).write(payload));
    stream2.on("data", (chunk) => frames.push(chunk));
    stream2.on("error", () => {
    });
    const exited = new Promise((resolve2) => stream2.once("close", () => {
      stdout.end();
      stderr.end();
      this.#remove(name);
      resolve2();
    }));
    return {
      stdin: stream2,
      stdout,
      stderr,
      exited,
      kill: () => {
        void this.#kill(name);
        stream2.destroy();
      }
    };
  }
  /** The warm checkers' counts (warm-check.ts): for the bench and the tests. */
  get warmCheckCounts() {
    return this.#checks.counts;
  }
  /** A warm container made for the same config, or a new one; then one more is made for the next candidate. */
  async #take(job) {
    const policy = lockDown(job);
    const config = apiCreateConfig(policy, policy.network === "none" ? this.#namesOrHook(policy) : void 0);
    const key = JSON.stringify(apiCreateConfig(policy));
    const queue = this.#warm.get(key) ?? [];
    this.#warm.set(key, queue);
    const warm = queue.shift();
    this.#streak = this.#lastKey === key ? this.#streak + 1 : 1;
    this.#lastKey = key;
    if (warmsAhead(this.#streak, this.#warmTarget))
      this.#refill(key, config);
    else
      this.#dropOthers(key);
    return warm ? warm.then((c) => c.error === void 0 ? c : this.#create(config)) : this.#create(config);
  }
  /**
   * The name files of the run's containers without a network, made on first need from `policy`'s image
   * (any image's do: docker writes them, not the image); its run images' setups bind them too. A property,
   * so it can be handed on without its engine.
   */
  nameFiles = (policy) => {
    if (this.#names === void 0) {
      const name = containerName();
      this.#owned.add(name);
      this.#namesHolder = name;
      const config = apiCreateConfig({ ...policy, argv: ["sh", "-c", "exit 0"] });
      this.#names = makeNameFiles(this.#api, name, config).then((names) => this.#namesMade = names, () => void 0);
    }
    return this.#names;
  };
  /**
   * The name files if made, and their making started if not: the first candidates do not wait for it
   * (create, start, wait and inspect of the holder: ≈ 0.65 s on a host with page-table isolation), they get
   * docker's own set-up, the same lock-down at the hook's cost.
   */
  #namesOrHook(policy) {
    void this.nameFiles(policy);
    return this.#namesMade;
  }
  /** Tops up the warm containers of the config in use; those of other configs are dropped. */
  #refill(key, config) {
    this.#dropOthers(key);
    const queue = this.#warm.get(key);
    while (!this.aborted && queue.length < this.#warmTarget)
      queue.push(this.#create(config));
  }
  /** Drops the warm containers of every config but `key`'s. */
  #dropOthers(key) {
    for (const [other, queue] of this.#warm) {
      if (other === key)
        continue;
      for (const stale of queue.splice(0))
        void stale.then((c) => this.#discard(c));
      this.#warm.delete(other);
    }
  }
  #create(config) {
    const name = containerName();
    this.#owned.add(name);
    const creation = (async () => {
      const created = { name };
      try {
        const made = await this.#call("POST", `/containers/create?name=${name}`, config);
        if (typeof made?.Id === "string")
          created.id = made.Id;
        created.stream = await this.#api.hijack(`/containers/${name}/attach?stream=1&stdin=1&stdout=1&stderr=1`);
        await this.#call("POST", `/containers/${name}/start`);
      } catch (error) {
        this.#discard(created);
        return { name, error: error.message };
      }
      if (this.aborted)
        this.#discard(created);
      return created;
    })();
    return tracked(this.#creating, creation);
  }
  /** A container no candidate will use: its attach closed, the container removed. */
  #discard(container) {
    container.stream?.destroy();
    this.#remove(container.name);
  }
  /** Kills by name; a container already gone is not an error. */
  async #kill(name) {
    await this.#call("POST", `/containers/${name}/kill`).catch(() => {
    });
  }
  /** Removes a container off the critical path; close() waits for it. */
  #remove(name) {
    this.#removals.remove(name, () => this.#owned.delete(name));
  }
  /** Removes the warm containers and waits for every removal; returns the removals that failed. */
  async close() {
    await this.#checks.close();
    const warm = [...this.#warm.values()].flat();
    this.#warm.clear();
    for (const created of await Promise.all(warm))
      this.#discard(created);
    const holder = this.#namesHolder;
    if (holder !== void 0) {
      await this.#names;
      this.#names = this.#namesMade = this.#namesHolder = void 0;
      this.#remove(holder);
    }
    return this.#removals.settle(() => [...this.#creating]);
  }
  /** Refuses new runs and removes every container of ours, running or warm; returns their names. */
  async abort() {
    this.aborted = true;
    const names = [...this.#owned];
    for (const name of names)
      this.#remove(name);
    await this.close();
    return names;
  }
  #call(method, path2, body) {
    return this.#api.call(method, path2, body);
  }
}
function warmsAhead(streak, warm) {
  return warm > 0 && streak > 2 * warm;
}
;
const X86_64_SYSCALLS = Object.freeze({
  read: 0,
  write: 1,
  open: 2,
  close: 3,
  stat: 4,
  fstat: 5,
  lstat: 6,
  poll: 7,
  lseek: 8,
  mmap: 9,
  mprotect: 10,
  munmap: 11,
  brk: 12,
  rt_sigaction: 13,
  rt_sigprocmask: 14,
  rt_sigreturn: 15,
  ioctl: 16,
  pread64: 17,
  pwrite64: 18,
  readv: 19,
  writev: 20,
  access: 21,
  pipe: 22,
  select: 23,
  sched_yield: 24,
  mremap: 25,
  msync: 26,
  mincore: 27,
  madvise: 28,
  shmget: 29,
  shmat: 30,
  shmctl: 31,
  dup: 32,
  dup2: 33,
  pause: 34,
  nanosleep: 35,
  getitimer: 36,
  alarm: 37,
  setitimer: 38,
  getpid: 39,
  sendfile: 40,
  socket: 41,
  connect: 42,
  accept: 43,
  sendto: 44,
  recvfrom: 45,
  sendmsg: 46,
  recvmsg: 47,
  shutdown: 48,
  bind: 49,
  listen: 50,
  getsockname: 51,
  getpeername: 52,
  socketpair: 53,
  setsockopt: 54,
  getsockopt: 55,
  clone: 56,
  fork: 57,
  vfork: 58,
  execve: 59,
  exit: 60,
  wait4: 61,
  kill: 62,
  uname: 63,
  semget: 64,
  semop: 65,
  semctl: 66,
  shmdt: 67,
  msgget: 68,
  msgsnd: 69,
  msgrcv: 70,
  msgctl: 71,
  fcntl: 72,
  flock: 73,
  fsync: 74,
  fdatasync: 75,
  truncate: 76,
  ftruncate: 77,
  getdents: 78,
  getcwd: 79,
  chdir: 80,
  fchdir: 81,
  rename: 82,
  mkdir: 83,
  rmdir: 84,
  creat: 85,
  link: 86,
  unlink: 87,
  symlink: 88,
  readlink: 89,
  chmod: 90,
  fchmod: 91,
  chown: 92,
  fchown: 93,
  lchown: 94,
  umask: 95,
  gettimeofday: 96,
  getrlimit: 97,
  getrusage: 98,
  sysinfo: 99,
  times: 100,
  ptrace: 101,
  getuid: 102,
  syslog: 103,
  getgid: 104,
  setuid: 105,
  setgid: 106,
  geteuid: 107,
  getegid: 108,
  setpgid: 109,
  getppid: 110,
  getpgrp: 111,
  setsid: 112,
  setreuid: 113,
  setregid: 114,
  getgroups: 115,
  setgroups: 116,
  setresuid: 117,
  getresuid: 118,
  setresgid: 119,
  getresgid: 120,
  getpgid: 121,
  setfsuid: 122,
  setfsgid: 123,
  getsid: 124,
  capget: 125,
  capset: 126,
  rt_sigpending: 127,
  rt_sigtimedwait: 128,
  rt_sigqueueinfo: 129,
  rt_sigsuspend: 130,
  sigaltstack: 131,
  utime: 132,
  mknod: 133,
  uselib: 134,
  personality: 135,
  ustat: 136,
  statfs: 137,
  fstatfs: 138,
  sysfs: 139,
  getpriority: 140,
  setpriority: 141,
  sched_setparam: 142,
  sched_getparam: 143,
  sched_setscheduler: 144,
  sched_getscheduler: 145,
  sched_get_priority_max: 146,
  sched_get_priority_min: 147,
  sched_rr_get_interval: 148,
  mlock: 149,
  munlock: 150,
  mlockall: 151,
  munlockall: 152,
  vhangup: 153,
  modify_ldt: 154,
  pivot_root: 155,
  _sysctl: 156,
  prctl: 157,
  arch_prctl: 158,
  adjtimex: 159,
  setrlimit: 160,
  chroot: 161,
  sync: 162,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  sethostname: 170,
  setdomainname: 171,
  iopl: 172,
  ioperm: 173,
  create_module: 174,
  init_module: 175,
  delete_module: 176,
  get_kernel_syms: 177,
  query_module: 178,
  quotactl: 179,
  nfsservctl: 180,
  getpmsg: 181,
  putpmsg: 182,
  afs_syscall: 183,
  tuxcall: 184,
  security: 185,
  gettid: 186,
  readahead: 187,
  setxattr: 188,
  lsetxattr: 189,
  fsetxattr: 190,
  getxattr: 191,
  lgetxattr: 192,
  fgetxattr: 193,
  listxattr: 194,
  llistxattr: 195,
  flistxattr: 196,
  removexattr: 197,
  lremovexattr: 198,
  fremovexattr: 199,
  tkill: 200,
  time: 201,
  futex: 202,
  sched_setaffinity: 203,
  sched_getaffinity: 204,
  set_thread_area: 205,
  io_setup: 206,
  io_destroy: 207,
  io_getevents: 208,
  io_submit: 209,
  io_cancel: 210,
  get_thread_area: 211,
  lookup_dcookie: 212,
  epoll_create: 213,
  epoll_ctl_old: 214,
  epoll_wait_old: 215,
  remap_file_pages: 216,
  getdents64: 217,
  set_tid_address: 218,
  restart_syscall: 219,
  semtimedop: 220,
  fadvise64: 221,
  timer_create: 222,
  timer_settime: 223,
  timer_gettime: 224,
  timer_getoverrun: 225,
  timer_delete: 226,
  clock_settime: 227,
  clock_gettime: 228,
  clock_getres: 229,
  clock_nanosleep: 230,
  exit_group: 231,
  epoll_wait: 232,
  epoll_ctl: 233,
  tgkill: 234,
  utimes: 235,
  vserver: 236,
  mbind: 237,
  set_mempolicy: 238,
  get_mempolicy: 239,
  mq_open: 240,
  mq_unlink: 241,
  mq_timedsend: 242,
  mq_timedreceive: 243,
  mq_notify: 244,
  mq_getsetattr: 245,
  kexec_load: 246,
  waitid: 247,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  ioprio_set: 251,
  ioprio_get: 252,
  inotify_init: 253,
  inotify_add_watch: 254,
  inotify_rm_watch: 255,
  migrate_pages: 256,
  openat: 257,
  mkdirat: 258,
  mknodat: 259,
  fchownat: 260,
  futimesat: 261,
  newfstatat: 262,
  unlinkat: 263,
  renameat: 264,
  linkat: 265,
  symlinkat: 266,
  readlinkat: 267,
  fchmodat: 268,
  faccessat: 269,
  pselect6: 270,
  ppoll: 271,
  unshare: 272,
  set_robust_list: 273,
  get_robust_list: 274,
  splice: 275,
  tee: 276,
  sync_file_range: 277,
  vmsplice: 278,
  move_pages: 279,
  utimensat: 280,
  epoll_pwait: 281,
  signalfd: 282,
  timerfd_create: 283,
  eventfd: 284,
  fallocate: 285,
  timerfd_settime: 286,
  timerfd_gettime: 287,
  accept4: 288,
  signalfd4: 289,
  eventfd2: 290,
  epoll_create1: 291,
  dup3: 292,
  pipe2: 293,
  inotify_init1: 294,
  preadv: 295,
  pwritev: 296,
  rt_tgsigqueueinfo: 297,
  perf_event_open: 298,
  recvmmsg: 299,
  fanotify_init: 300,
  fanotify_mark: 301,
  prlimit64: 302,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  syncfs: 306,
  sendmmsg: 307,
  setns: 308,
  getcpu: 309,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  sched_setattr: 314,
  sched_getattr: 315,
  renameat2: 316,
  seccomp: 317,
  getrandom: 318,
  memfd_create: 319,
  kexec_file_load: 320,
  bpf: 321,
  execveat: 322,
  userfaultfd: 323,
  membarrier: 324,
  mlock2: 325,
  copy_file_range: 326,
  preadv2: 327,
  pwritev2: 328,
  pkey_mprotect: 329,
  pkey_alloc: 330,
  pkey_free: 331,
  statx: 332,
  io_pgetevents: 333,
  rseq: 334,
  pidfd_send_signal: 424,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  pidfd_open: 434,
  clone3: 435,
  close_range: 436,
  openat2: 437,
  pidfd_getfd: 438,
  faccessat2: 439,
  process_madvise: 440,
  epoll_pwait2: 441,
  mount_setattr: 442,
  quotactl_fd: 443,
  landlock_create_ruleset: 444,
  landlock_add_rule: 445,
  landlock_restrict_self: 446,
  memfd_secret: 447,
  process_mrelease: 448,
  futex_waitv: 449,
  set_mempolicy_home_node: 450
});
;
const MAKER_FAILED = 125;
const CALLS = ["close", "unshare", "mount", "prlimit64", "setgroups", "setresgid", "setresuid", "capset"];
const MAKE_SUB = String.raw`
our @A;
sub fail { print STDERR "sandbox-gate: $_[0]\n"; exit ${MAKER_FAILED} }
sub take { my $n = shift @A; splice(@A, 0, $n * $_[0]) }
sub make {
@A = @_;
my ($close, $unshare, $mount, $prlimit, $setgroups, $setresgid, $setresuid, $capset) = splice(@A, 0, 8);
opendir(my $fds, "/proc/self/fd") or fail("cannot list its descriptors: $!");
my @open = grep { /^\d+$/ && $_ > 3 } readdir($fds);
closedir($fds);
syscall($close + 0, $_ + 0) for @open;
umask(022);
my @procs = take(1);
for my $procs (@procs) {
  my $joined = open(my $f, ">", $procs);
  $joined &&= print $f "$$\n";
  $joined &&= close($f);
  $joined or fail("cannot join the sandbox's cgroup ($procs): $!");
}
syscall($unshare + 0, 0x20000) == 0 or fail("cannot make a mount namespace: $!");
my $root = "/";
syscall($mount + 0, 0, $root, 0, 0x44000, 0) == 0 or fail("cannot make the mounts private: $!");
my @mounts = take(5);
while (my ($source, $target, $type, $flags, $data) = splice(@mounts, 0, 5)) {
  syscall($mount + 0, $source, $target, $type eq "" ? 0 : $type, $flags + 0, $data eq "" ? 0 : $data) == 0
    or fail("cannot mount " . ($type eq "" ? "$source" : $type) . " at $target: $!");
}
my @limits = take(3);
while (my ($resource, $soft, $hard) = splice(@limits, 0, 3)) {
  my $limit = pack("QQ", map { $_ eq "unlimited" ? ~0 : $_ } $soft, $hard);
  syscall($prlimit + 0, 0, $resource + 0, $limit, 0) == 0 or fail("cannot set rlimit $resource: $!");
}
my ($uid, $gid) = splice(@A, 0, 2);
my @groups = take(1);
syscall($setgroups + 0, scalar(@groups), @groups ? pack("L*", @groups) : 0) == 0 or fail("cannot set the groups: $!");
syscall($setresgid + 0, $gid + 0, $gid + 0, $gid + 0) == 0 or fail("cannot become gid $gid: $!");
syscall($setresuid + 0, $uid + 0, $uid + 0, $uid + 0) == 0 or fail("cannot become uid $uid: $!");
my ($header, $none) = (pack("LL", 0x20080522, 0), pack("L6", 0, 0, 0, 0, 0, 0));
syscall($capset + 0, $header, $none) == 0 or fail("cannot drop capabilities: $!");
exec { $A[0] } @A or fail("cannot run $A[0]: $!");
}
`;
const MAKER = `${MAKE_SUB}make(@ARGV);
`;
function limitValue(value) {
  return value >= 2 ** 63 ? "unlimited" : String(value);
}
function makerArgs(job) {
  return ["-e", MAKER, "--", ...makerList(job)];
}
function makerList(job) {
  return [
    ...CALLS.map((name) => String(X86_64_SYSCALLS[name])),
    String(job.cgroupProcs.length),
    ...job.cgroupProcs,
    String(job.mounts.length),
    ...job.mounts.flatMap((m) => [m.source, m.target, m.type, String(m.flags), m.data]),
    String(job.rlimits.length),
    ...job.rlimits.flatMap((r) => [String(r.resource), limitValue(r.soft), limitValue(r.hard)]),
    String(job.user.uid),
    String(job.user.gid),
    String(job.user.groups.length),
    ...job.user.groups.map(String),
    ...job.command
  ];
}
function findTools(path2 = process.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin") {
  const dirs = [...path2.split(":").filter(Boolean), "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
  const found = {};
  for (const name of ["perl", "bwrap"]) {
    const at = dirs.map((dir) => (0, external_node_path_namespaceObject.join)(dir, name)).find((file) => (0, external_node_fs_namespaceObject.existsSync)(file));
    if (!at)
      return name;
    found[name] = at;
  }
  return found;
}
;
const FRESH_NAMESPACES = ["pid", "mount", "network", "ipc", "uts"];
const DOCKER_BINDS = /* @__PURE__ */ new Set(["/sbin/docker-init", "/etc/resolv.conf", "/etc/hostname", "/etc/hosts"]);
function lockDownGap(config, keeperArgv, limits) {
  const { process: proc, linux } = config;
  const resources = linux.resources;
  if (resources?.memory?.limit !== limits.memoryBytes || resources.memory.swap !== limits.memoryBytes)
    return `its memory limit is not ${limits.memoryBytes} bytes without swap`;
  if (resources.pids?.limit !== limits.pids)
    return `its pids limit is not ${limits.pids}`;
  if (config.root?.readonly !== true)
    return "its root is not read-only";
  if (proc.user.uid === 0 || proc.user.gid === 0)
    return "it runs as root";
  const caps = Object.entries(proc.capabilities ?? {}).find(([, set]) => (set ?? []).length > 0);
  if (caps)
    return `it keeps capabilities (${caps[0]}: ${caps[1].join(", ")})`;
  if (proc.noNewPrivileges !== true)
    return "it may gain privileges (no_new_privs is off)";
  const seccomp = linux.seccomp;
  if (!seccomp || !seccomp.defaultAction || /ALLOW|LOG/.test(seccomp.defaultAction))
    return "it has no seccomp profile that denies by default (is docker's seccomp unconfined?)";
  for (const type of FRESH_NAMESPACES) {
    const namespace = (linux.namespaces ?? []).find((ns) => ns.type === type);
    if (!namespace)
      return `it shares the host's ${type} namespace`;
    if (namespace.path)
      return `it joins an existing ${type} namespace (${namespace.path})`;
  }
  const shared = (config.mounts ?? []).find((mount) => (mount.type === "bind" || (mount.options ?? []).some((o) => o === "bind" || o === "rbind")) && !DOCKER_BINDS.has(mount.destination));
  if (shared)
    return `it binds ${shared.source ?? "a host path"} at ${shared.destination}, which candidates would share`;
  const binds = (config.mounts ?? []).filter((m) => DOCKER_BINDS.has(m.destination));
  const writable = binds.find((m) => !(m.options ?? []).includes("ro"));
  if (writable)
    return `its bind of ${writable.destination} is writable`;
  const args = proc.args;
  const tail2 = args.slice(args.length - keeperArgv.length);
  if (args.length < keeperArgv.length || tail2.some((arg, i) => arg !== keeperArgv[i]))
    return `its command ${JSON.stringify(args)} does not end with the keeper's`;
  return void 0;
}
function mergedEnv(template, env) {
  const names = new Set(env.map((variable) => variable.split("=", 1)[0]));
  return [...template.filter((variable) => !names.has(variable.split("=", 1)[0])), ...env];
}
function sysMounts(cgroups) {
  const args = ["--perms", "0555", "--tmpfs", "/sys", "--dir", "/sys/fs"];
  if (cgroups.length === 1 && cgroups[0].controller === void 0)
    return [...args, "--ro-bind", cgroups[0].dir, "/sys/fs/cgroup", "--remount-ro", "/sys"];
  args.push("--dir", "/sys/fs/cgroup");
  for (const { controller, dir } of cgroups)
    args.push("--ro-bind", dir, `/sys/fs/cgroup/${controller}`);
  return [...args, "--remount-ro", "/sys"];
}
const DEVICES = ["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty"];
const PROPAGATION = /* @__PURE__ */ new Set(["private", "rprivate", "shared", "rshared", "slave", "rslave", "bind", "rbind", "rw"]);
const MS = {
  RDONLY: 1,
  NOSUID: 2,
  NODEV: 4,
  NOEXEC: 8,
  SYNCHRONOUS: 16,
  MANDLOCK: 64,
  DIRSYNC: 128,
  NOSYMFOLLOW: 256,
  NOATIME: 1024,
  NODIRATIME: 2048,
  BIND: 4096,
  REC: 16384,
  PRIVATE: 1 << 18,
  RELATIME: 1 << 21,
  STRICTATIME: 1 << 24,
  LAZYTIME: 1 << 25
};
const FLAG_WORDS = {
  ro: [MS.RDONLY, true],
  rw: [MS.RDONLY, false],
  nosuid: [MS.NOSUID, true],
  suid: [MS.NOSUID, false],
  nodev: [MS.NODEV, true],
  dev: [MS.NODEV, false],
  noexec: [MS.NOEXEC, true],
  exec: [MS.NOEXEC, false],
  sync: [MS.SYNCHRONOUS, true],
  async: [MS.SYNCHRONOUS, false],
  mand: [MS.MANDLOCK, true],
  nomand: [MS.MANDLOCK, false],
  dirsync: [MS.DIRSYNC, true],
  nosymfollow: [MS.NOSYMFOLLOW, true],
  noatime: [MS.NOATIME, true],
  atime: [MS.NOATIME, false],
  nodiratime: [MS.NODIRATIME, true],
  diratime: [MS.NODIRATIME, false],
  relatime: [MS.RELATIME, true],
  norelatime: [MS.RELATIME, false],
  strictatime: [MS.STRICTATIME, true],
  nostrictatime: [MS.STRICTATIME, false],
  lazytime: [MS.LAZYTIME, true],
  nolazytime: [MS.LAZYTIME, false]
};
const IGNORED_WORDS = /* @__PURE__ */ new Set(["defaults", "auto", "noauto", "user", "nouser", "nofail", ...PROPAGATION]);
function mountOptions(words) {
  let flags = 0;
  const data = [];
  for (const word of words) {
    const flag = FLAG_WORDS[word];
    if (flag)
      flags = flag[1] ? flags | flag[0] : flags & ~flag[0];
    else if (!IGNORED_WORDS.has(word))
      data.push(word);
  }
  return { flags, data: data.join(",") };
}
function planMounts(config, scratch, kindOf2) {
  const root = `${scratch}/root`;
  const made = {
    calls: [bind(config.root.path, root)],
    mountPoints: [{ path: root, file: false }],
    bwrap: ["--ro-bind", root, "/"],
    sys: false
  };
  const { calls, bwrap } = made;
  const pointFor = (at, file) => {
    const path2 = `${scratch}/at${at.replace(/\//g, "_")}`;
    made.mountPoints.push({ path: path2, file });
    return path2;
  };
  const masked = config.linux.maskedPaths ?? [];
  const mounts = config.mounts ?? [];
  for (const mount of mounts) {
    const at = mount.destination;
    if (mount.type === "proc") {
      bwrap.push("--proc", at);
      for (const path2 of masked.filter((p) => p.startsWith(`${at}/`))) {
        const kind = kindOf2(path2);
        if (kind === "file")
          bwrap.push("--ro-bind", "/dev/null", path2);
        if (kind === "dir")
          bwrap.push("--perms", "0555", "--tmpfs", path2, "--remount-ro", path2);
      }
    } else if (at === "/dev" && mount.type === "tmpfs") {
      bwrap.push("--perms", "0755", "--tmpfs", "/dev");
      for (const device of DEVICES)
        bwrap.push("--dev-bind", device, device);
      for (const [i, name] of ["stdin", "stdout", "stderr"].entries())
        bwrap.push("--symlink", `/proc/self/fd/${i}`, `/dev/${name}`);
      bwrap.push("--symlink", "/proc/self/fd", "/dev/fd");
    } else if (mount.type === "mqueue") {
      bwrap.push("--mqueue", at);
    } else if (mount.type === "tmpfs") {
      const point = pointFor(at, false);
      calls.push({ source: "sandbox-gate", target: point, type: "tmpfs", ...mountOptions(mount.options ?? []) });
      bwrap.push("--bind", point, at);
    } else if (DOCKER_BINDS.has(at)) {
      const point = pointFor(at, kindOf2(mount.source ?? "") !== "dir");
      calls.push(bind(mount.source ?? "", point));
      bwrap.push("--ro-bind", point, at);
    } else if (mount.type === "sysfs") {
      made.sys = true;
    } else if (mount.type !== "devpts" && mount.type !== "cgroup") {
      throw new Error(`the mount at ${at} (${mount.type ?? "bind"}) has no sandbox equivalent`);
    }
  }
  if (mounts.some((m) => m.destination === "/dev"))
    bwrap.push("--remount-ro", "/dev");
  return made;
}
function bind(source, target) {
  return { source, target, type: "", flags: MS.BIND, data: "" };
}
const RLIMITS = {
  RLIMIT_CPU: 0,
  RLIMIT_FSIZE: 1,
  RLIMIT_DATA: 2,
  RLIMIT_STACK: 3,
  RLIMIT_CORE: 4,
  RLIMIT_RSS: 5,
  RLIMIT_NPROC: 6,
  RLIMIT_NOFILE: 7,
  RLIMIT_MEMLOCK: 8,
  RLIMIT_AS: 9,
  RLIMIT_LOCKS: 10,
  RLIMIT_SIGPENDING: 11,
  RLIMIT_MSGQUEUE: 12,
  RLIMIT_NICE: 13,
  RLIMIT_RTPRIO: 14,
  RLIMIT_RTTIME: 15
};
function cgroupLimits(config) {
  const resources = config.linux.resources;
  const quota = resources.cpu?.quota ?? 0;
  return {
    memoryBytes: resources.memory.limit,
    memorySwapBytes: resources.memory.swap,
    pids: resources.pids.limit,
    ...quota > 0 && { cpu: { quota, period: resources.cpu?.period ?? 1e5 } }
  };
}
function sandboxPlan(config, keeperArgv, scratch, kindOf2) {
  const { process: proc } = config;
  const mounts = planMounts(config, scratch, kindOf2);
  const bwrap = [
    "--unshare-user",
    "--disable-userns",
    // bwrap always makes a mount namespace; these are FRESH_NAMESPACES' others.
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    // docker's init is pid 1 itself, as in docker: it forwards a signal sent to pid 1 to the command.
    "--as-pid-1",
    "--die-with-parent",
    "--new-session",
    "--uid",
    String(proc.user.uid),
    "--gid",
    String(proc.user.gid),
    ...typeof config.hostname === "string" ? ["--hostname", config.hostname] : [],
    ...mounts.bwrap,
    "--chdir",
    typeof proc.cwd === "string" ? proc.cwd : "/"
  ];
  const rlimits = (proc.rlimits ?? []).map(({ type, soft, hard }) => {
    const resource = RLIMITS[type];
    if (resource === void 0)
      throw new Error(`the rlimit ${type} is not one Linux knows`);
    return { resource, soft, hard };
  });
  const groups = proc.user.additionalGids ?? [];
  return {
    mounts: mounts.calls,
    mountPoints: mounts.mountPoints,
    rlimits,
    user: { uid: proc.user.uid, gid: proc.user.gid, groups },
    bwrap,
    sys: mounts.sys,
    limits: cgroupLimits(config),
    init: proc.args.slice(0, proc.args.length - keeperArgv.length),
    env: proc.env ?? []
  };
}
;
const external_node_events_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:events");
;
const external_node_net_namespaceObject = (0, import_module.createRequire)(__sandboxGateUrl)("node:net");
;
const REAP_S = 0.05;
const SPAWNER = String.raw`
use POSIX ();
$| = 1;
my $dir = shift @ARGV;
my (%pid_of, %id_of, %keep);
sub reap {
  while ((my $pid = waitpid(-1, POSIX::WNOHANG())) > 0) {
    my $id = delete $id_of{$pid};
    next unless defined $id;
    delete $pid_of{$id};
    print "X $id $?\n";
  }
}
$SIG{CHLD} = \&reap;
my $chld = POSIX::SigSet->new(POSIX::SIGCHLD());
sub unkeep {
  my ($id) = @_;
  close($_) for @{delete $keep{$id} || []};
  unlink("$dir/$id.$_") for qw(in out err);
}
sub start {
  my ($id, $seccomp, $uid, $gid, @make) = @_;
  my $base = "$dir/$id";
  my @keep;
  for my $s (qw(in out err)) {
    POSIX::mkfifo("$base.$s", 0600) or return "cannot make $base.$s: $!";
    chown($uid, $gid, "$base.$s") or return "cannot give $base.$s to $uid:$gid: $!";
    open(my $k, "+<", "$base.$s") or return "cannot open $base.$s: $!";
    push @keep, $k;
  }
  $keep{$id} = \@keep;
  pipe(my $opened, my $opening) or return "cannot make a pipe: $!";
  POSIX::sigprocmask(POSIX::SIG_BLOCK(), $chld);
  my $pid = fork();
  if (!defined $pid) {
    POSIX::sigprocmask(POSIX::SIG_UNBLOCK(), $chld);
    return "cannot fork: $!";
  }
  if ($pid == 0) {
    $SIG{CHLD} = "DEFAULT";
    POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new());
    open(STDIN, "<", "$base.in") or fail("cannot open $base.in: $!");
    open(STDOUT, ">", "$base.out") or fail("cannot open $base.out: $!");
    open(STDERR, ">", "$base.err") or exit ${MAKER_FAILED};
    open(my $program, "<", $seccomp) or fail("cannot open $seccomp: $!");
    POSIX::dup2(fileno($program), 3) or fail("cannot place the seccomp program: $!");
    close($opening);
    make(@make);
  }
  close($opening);
  my $byte;
  1 while !defined(sysread($opened, $byte, 1)) && $!{EINTR};
  close($opened);
  $pid_of{$id} = $pid;
  $id_of{$pid} = $id;
  print "P $id $pid\n";
  POSIX::sigprocmask(POSIX::SIG_UNBLOCK(), $chld);
  return undef;
}
# The control channel is read with select() and sysread, never a blocking readline: perl runs a signal's
# handler between two of its own steps, so a SIGCHLD that comes just before the spawner blocks in a read
# waits for the gate's next line, and the gate, waiting for that maker's end, may send none (a run hung so).
# Every REAP_S the spawner reaps whatever the handler has not, so no end waits longer than that.
my ($in, $rin) = ("", "");
vec($rin, fileno(STDIN), 1) = 1;
sub fill {
  for (;;) {
    my $ready = select(my $rout = $rin, undef, undef, ${REAP_S});
    my $interrupted = $ready < 0 && $!{EINTR};
    reap();
    return undef if $ready < 0 && !$interrupted;
    next unless $ready > 0;
    my $got = sysread(STDIN, $in, 65536, length($in));
    next if !defined($got) && $!{EINTR};
    return $got;
  }
}
for (;;) {
  my $newline = index($in, "\n");
  if ($newline < 0) { fill() or exit 0; next }
  my $line = substr($in, 0, $newline + 1, "");
  chomp $line;
  my ($op, $id, $arg) = split / /, $line;
  if ($op eq "S") {
    while (length($in) < $arg) { fill() or exit 0 }
    my $payload = substr($in, 0, $arg, "");
    my $error = start($id, split(/\0/, $payload, -1));
    if (defined $error) { unkeep($id); print "E $id $error\n" }
  } elsif ($op eq "O") {
    unkeep($id);
  } elsif ($op eq "K") {
    kill($arg, $pid_of{$id}) if $pid_of{$id};
  }
}
`;
class SpawnedChild extends external_node_events_namespaceObject.EventEmitter {
  pid;
  stdin;
  stdout;
  stderr;
  exitCode = null;
  signalCode = null;
  #signal;
  #open = 2;
  #exited = false;
  constructor(pid, ends, signal) {
    super();
    this.pid = pid;
    ({ stdin: this.stdin, stdout: this.stdout, stderr: this.stderr } = ends);
    this.#signal = signal;
    for (const stream2 of [this.stdout, this.stderr])
      stream2.once("close", () => {
        this.#open--;
        this.#closeIfDone();
      });
  }
  /** It has exited, or its spawner is gone: nothing more will be heard of it. */
  get ended() {
    return this.#exited;
  }
  /** Sends a signal through the spawner, which knows whether the pid is still its child's. */
  kill(signal = "SIGTERM") {
    if (this.#exited)
      return false;
    this.#signal(signal);
    return true;
  }
  /** The spawner reaped it: its wait status. */
  exited(status) {
    if (this.#exited)
      return;
    this.#exited = true;
    const signal = status & 127;
    this.exitCode = signal === 0 ? status >> 8 : null;
    this.signalCode = signal === 0 ? null : signalName(signal) ?? "SIGKILL";
    this.emit("exit", this.exitCode, this.signalCode);
    this.#closeIfDone();
  }
  /** The spawner is gone before it said how the maker ended. */
  lost(error) {
    if (this.#exited)
      return;
    this.#exited = true;
    this.emit("error", error);
    this.stdout.destroy();
    this.stderr.destroy();
    this.stdin.destroy();
  }
  /** `close` once it has exited and its output has ended, as a ChildProcess's. */
  #closeIfDone() {
    if (this.#exited && this.#open === 0)
      this.emit("close", this.exitCode, this.signalCode);
  }
}
function signalName(n) {
  const found = Object.entries(external_node_os_namespaceObject.constants.signals).find(([, value]) => value === n);
  return found?.[0];
}
class Spawner {
  #perl;
  #dir;
  #program;
  #process;
  #buffer = "";
  #pending = /* @__PURE__ */ new Map();
  #children = /* @__PURE__ */ new Map();
  /** `program` is the spawner's own (SPAWNER) but where a test changes it. */
  constructor(perl, dir, program = SPAWNER) {
    this.#perl = perl;
    this.#dir = dir;
    this.#program = program;
  }
  /** Starts a maker of `job` with the seccomp program at `seccomp` as its descriptor 3. */
  start(id, seccomp, job, env) {
    const spawner = this.#spawner(env);
    const { uid, gid } = job.user;
    const payload = Buffer.from([seccomp, String(uid), String(gid), ...makerList(job)].join("\0"));
    const started = new Promise((resolve2, reject) => this.#pending.set(id, { resolve: resolve2, reject }));
    spawner.stdin.write(`S ${id} ${payload.length}
`);
    spawner.stdin.write(payload);
    return started;
  }
  /** Ends the spawner: it exits once its control channel closes (its makers' bwraps with it). */
  close() {
    this.#process?.stdin.end();
    this.#process = void 0;
  }
  #spawner(env) {
    if (this.#process && this.#process.exitCode === null && this.#process.signalCode === null)
      return this.#process;
    const child = (0, external_node_child_process_namespaceObject.spawn)(this.#perl, ["-e", `${MAKE_SUB}${this.#program}`, "--", this.#dir], {
      stdio: ["pipe", "pipe", "pipe"],
      env
    });
    this.#process = child;
    this.#buffer = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => stderr = (stderr + chunk.toString()).slice(-2e3));
    child.stdin.on("error", () => {
    });
    child.stdout.setEncoding("utf8").on("data", (chunk) => this.#events(chunk));
    const gone = (why) => {
      if (this.#process === child)
        this.#process = void 0;
      const error = new Error(`the sandbox spawner ended (${why})${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
      for (const [id, spawned] of this.#children) {
        this.#children.delete(id);
        spawned.lost(error);
      }
    };
    child.once("error", (error) => gone(error.message));
    child.once("close", (code, signal) => gone(signal ?? `exit ${code}`));
    return child;
  }
  #events(chunk) {
    this.#buffer += chunk;
    let newline;
    while ((newline = this.#buffer.indexOf("\n")) >= 0) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + 1);
      const [op, id = "", ...rest] = line.split(" ");
      if (op === "P")
        this.#started(id, Number(rest[0]));
      else if (op === "X") {
        const child = this.#children.get(id);
        this.#children.delete(id);
        child?.exited(Number(rest[0]));
      } else if (op === "E") {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        pending?.reject(new Error(rest.join(" ")));
      }
    }
  }
  /** The maker is forked and holds its ends: the gate opens its own, then lets the spawner let go of them. */
  #started(id, pid) {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (!pending)
      return;
    const base = (0, external_node_path_namespaceObject.join)(this.#dir, id);
    let child;
    const fds = [];
    try {
      const open = (suffix, flags) => {
        const fd = (0, external_node_fs_namespaceObject.openSync)(`${base}.${suffix}`, flags | external_node_fs_namespaceObject.constants.O_NONBLOCK);
        fds.push(fd);
        return fd;
      };
      const stdin = new external_node_net_namespaceObject.Socket({ fd: open("in", external_node_fs_namespaceObject.constants.O_WRONLY), readable: false, writable: true });
      const stdout = new external_node_net_namespaceObject.Socket({ fd: open("out", external_node_fs_namespaceObject.constants.O_RDONLY), readable: true, writable: false });
      const stderr = new external_node_net_namespaceObject.Socket({ fd: open("err", external_node_fs_namespaceObject.constants.O_RDONLY), readable: true, writable: false });
      child = new SpawnedChild(pid, { stdin, stdout, stderr }, (signal) => this.#process?.stdin.write(`K ${id} ${external_node_os_namespaceObject.constants.signals[signal] ?? 9}
`));
    } catch (error) {
      for (const fd of fds)
        (0, external_node_fs_namespaceObject.closeSync)(fd);
      this.#process?.stdin.write(`K ${id} 9
O ${id}
`);
      pending.reject(new Error(`cannot open the sandbox's stdio: ${error.message}`));
      return;
    }
    this.#children.set(id, child);
    this.#process?.stdin.write(`O ${id}
`);
    pending.resolve(child);
  }
}
;
const AUDIT_ARCH_X86_64 = 3221225534;
const X32_SYSCALL_BIT = 1073741824;
const BPF_MAXINSNS = 4096;
const RET_KILL_PROCESS = 2147483648;
const RET_KILL_THREAD = 0;
const RET_TRAP = 196608;
const RET_ERRNO = 327680;
const RET_ALLOW = 2147418112;
const ENOSYS = 38;
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARGS = 16;
const LD_W_ABS = 32;
const ALU_AND_K = 84;
const JEQ_K = 21;
const JGT_K = 37;
const JGE_K = 53;
const RET_K = 6;
const TABLES = {
  x64: { table: X86_64_SYSCALLS, scmpArch: "SCMP_ARCH_X86_64" }
};
const UINT64_MAX = (1n << 64n) - 1n;
const SECCOMP_ARCHES = Object.keys(TABLES);
const OPS = /* @__PURE__ */ new Set([
  "SCMP_CMP_EQ",
  "SCMP_CMP_NE",
  "SCMP_CMP_LT",
  "SCMP_CMP_LE",
  "SCMP_CMP_GT",
  "SCMP_CMP_GE",
  "SCMP_CMP_MASKED_EQ"
]);
function errnoValue(errno, what) {
  const value = errno ?? 1;
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`seccomp: ${what} has an errno the filter cannot return: ${String(errno)}`);
  }
  return value;
}
function actionValue(action, errnoRet, what) {
  switch (action) {
    case "SCMP_ACT_ALLOW":
      return RET_ALLOW;
    case "SCMP_ACT_ERRNO":
      return (RET_ERRNO | errnoValue(errnoRet, what)) >>> 0;
    case "SCMP_ACT_KILL":
    case "SCMP_ACT_KILL_THREAD":
      return RET_KILL_THREAD;
    case "SCMP_ACT_KILL_PROCESS":
      return RET_KILL_PROCESS;
    case "SCMP_ACT_TRAP":
      return RET_TRAP;
    default:
      throw new Error(`seccomp: cannot compile the action ${action} of ${what}`);
  }
}
function u64(value, what) {
  if (value === void 0)
    return 0n;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new Error(`seccomp: ${what} is not an unsigned 64-bit integer: ${String(value)}`);
  }
  const big = BigInt(value);
  if (big > UINT64_MAX)
    throw new Error(`seccomp: ${what} is above 2^64-1: ${String(value)}`);
  if (!Number.isSafeInteger(value)) {
    throw new Error(`seccomp: ${what} is above 2^53-1, so maybe not the profile's exact value: ${String(value)}`);
  }
  return big;
}
function conditionOf(arg, what) {
  if (!Number.isInteger(arg.index) || arg.index < 0 || arg.index > 5) {
    throw new Error(`seccomp: ${what} compares argument ${String(arg.index)} (only 0..5 exist)`);
  }
  if (!OPS.has(arg.op))
    throw new Error(`seccomp: cannot compile the operator ${arg.op} of ${what}`);
  return {
    index: arg.index,
    op: arg.op,
    value: u64(arg.value, `${what}: value`),
    valueTwo: u64(arg.valueTwo, `${what}: valueTwo`)
  };
}
const hi = (v) => Number(v >> 32n);
const lo = (v) => Number(v & 0xffffffffn);
function conditionCode(c, fail2) {
  const loOff = OFFSET_ARGS + 8 * c.index;
  const hiOff = loOff + 4;
  const ld = (k) => ({ code: LD_W_ABS, jt: 0, jf: 0, k });
  const j = (code, k, jt, jf) => ({ code, jt, jf, k });
  const [vh, vl] = [hi(c.value), lo(c.value)];
  switch (c.op) {
    case "SCMP_CMP_EQ":
      return [ld(hiOff), j(JEQ_K, vh, 0, 2 + fail2), ld(loOff), j(JEQ_K, vl, 0, fail2)];
    case "SCMP_CMP_NE":
      return [ld(hiOff), j(JEQ_K, vh, 0, 2), ld(loOff), j(JEQ_K, vl, fail2, 0)];
    case "SCMP_CMP_GT":
      return [ld(hiOff), j(JGT_K, vh, 3, 0), j(JEQ_K, vh, 0, 2 + fail2), ld(loOff), j(JGT_K, vl, 0, fail2)];
    case "SCMP_CMP_GE":
      return [ld(hiOff), j(JGT_K, vh, 3, 0), j(JEQ_K, vh, 0, 2 + fail2), ld(loOff), j(JGE_K, vl, 0, fail2)];
    case "SCMP_CMP_LT":
      return [ld(hiOff), j(JGT_K, vh, 3 + fail2, 0), j(JEQ_K, vh, 0, 2), ld(loOff), j(JGE_K, vl, fail2, 0)];
    case "SCMP_CMP_LE":
      return [ld(hiOff), j(JGT_K, vh, 3 + fail2, 0), j(JEQ_K, vh, 0, 2), ld(loOff), j(JGT_K, vl, fail2, 0)];
    case "SCMP_CMP_MASKED_EQ": {
      const [dh, dl] = [hi(c.valueTwo), lo(c.valueTwo)];
      return [
        ld(hiOff),
        { code: ALU_AND_K, jt: 0, jf: 0, k: vh },
        j(JEQ_K, dh, 0, 3 + fail2),
        ld(loOff),
        { code: ALU_AND_K, jt: 0, jf: 0, k: vl },
        j(JEQ_K, dl, 0, fail2)
      ];
    }
  }
}
function rulesOf(profile, table2, defaultAction) {
  const rules = [];
  const actionOfNr = /* @__PURE__ */ new Map();
  (profile.syscalls ?? []).forEach((call, i) => {
    const what = `syscalls[${i}] (${call.names.join(", ")})`;
    const action = actionValue(call.action, call.errnoRet, what);
    const conditions = (call.args ?? []).map((arg, a) => conditionOf(arg, `${what} args[${a}]`));
    if (action === defaultAction)
      return;
    const indexes = conditions.map((c) => c.index);
    const sets = new Set(indexes).size < indexes.length ? conditions.map((c) => [c]) : [conditions];
    for (const name of call.names) {
      const nr = Object.hasOwn(table2, name) ? table2[name] : void 0;
      if (nr === void 0)
        continue;
      const seen = actionOfNr.get(nr);
      if (seen !== void 0 && seen !== action) {
        throw new Error(`seccomp: cannot compile ${what}: ${name} also has a rule with another action (0x${seen.toString(16)})`);
      }
      actionOfNr.set(nr, action);
      for (const set of sets)
        rules.push({ nr, action, conditions: set });
    }
  });
  return rules;
}
function encode(program) {
  const out = Buffer.alloc(program.length * 8);
  program.forEach((insn, i) => {
    if (insn.jt > 255 || insn.jf > 255 || insn.jt < 0 || insn.jf < 0) {
      throw new Error(`seccomp: jump out of range at instruction ${i}`);
    }
    out.writeUInt16LE(insn.code, i * 8);
    out.writeUInt8(insn.jt, i * 8 + 2);
    out.writeUInt8(insn.jf, i * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return out;
}
function compileSeccomp(profile, arch) {
  const native = Object.hasOwn(TABLES, arch) ? TABLES[arch] : void 0;
  if (native === void 0)
    throw new Error(`seccomp: no system call table for ${arch}`);
  if (profile.architectures !== void 0 && !profile.architectures.includes(native.scmpArch)) {
    throw new Error(`seccomp: the profile's architectures (${profile.architectures.join(", ")}) lack ${native.scmpArch}`);
  }
  if (profile.defaultAction === "SCMP_ACT_ALLOW" || profile.defaultAction === "SCMP_ACT_LOG") {
    throw new Error(`seccomp: the default action ${profile.defaultAction} does not deny by default`);
  }
  const defaultAction = actionValue(profile.defaultAction, profile.defaultErrnoRet, "the default action");
  const rules = rulesOf(profile, native.table, defaultAction);
  const named = (profile.syscalls ?? []).flatMap((call) => call.names.map((name) => native.table[name] ?? -1));
  const newest = Math.max(-1, ...named);
  const ret = (k) => ({ code: RET_K, jt: 0, jf: 0, k });
  const loadNr = { code: LD_W_ABS, jt: 0, jf: 0, k: OFFSET_NR };
  const program = [
    { code: LD_W_ABS, jt: 0, jf: 0, k: OFFSET_ARCH },
    { code: JEQ_K, jt: 1, jf: 0, k: AUDIT_ARCH_X86_64 },
    ret(RET_KILL_PROCESS),
    loadNr,
    { code: JGE_K, jt: 0, jf: 1, k: X32_SYSCALL_BIT },
    ret(RET_KILL_PROCESS),
    ...newest < 0 ? [] : [{ code: JGT_K, jt: 0, jf: 1, k: newest }, ret((RET_ERRNO | ENOSYS) >>> 0)]
  ];
  for (const rule of rules) {
    const block = [];
    const codes = rule.conditions.map((c) => conditionCode(c, 0));
    const sizes = codes.map((c) => c.length);
    rule.conditions.forEach((c, n) => {
      const after = sizes.slice(n + 1).reduce((a, b) => a + b, 0) + 1;
      block.push(...conditionCode(c, after));
    });
    block.push(ret(rule.action));
    if (rule.conditions.length > 0)
      block.push(loadNr);
    program.push({ code: JEQ_K, jt: 0, jf: block.length, k: rule.nr }, ...block);
  }
  program.push(ret(defaultAction));
  if (program.length > BPF_MAXINSNS) {
    throw new Error(`seccomp: the program has ${program.length} instructions, more than BPF_MAXINSNS (${BPF_MAXINSNS})`);
  }
  return encode(program);
}
;
const NAMESPACE_ROOT = "/run/sandbox-gate";
const KEEPER_ARGV = ["sleep", "2147483647"];
const TASK_ROOTS = [
  "/run/docker/containerd/daemon/io.containerd.runtime.v2.task",
  "/run/containerd/io.containerd.runtime.v2.task"
];
const TASK_DIRS = TASK_ROOTS.map((root) => (0, external_node_path_namespaceObject.join)(root, "moby"));
const CGROUP_ROOT = "/sys/fs/cgroup";
const CONTROLLERS = ["memory", "pids", "cpu"];
const TOOLS_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
function bwrapArgv(tools, plan, cgroups, policy) {
  const env = mergedEnv(plan.env, policy.env).flatMap((v) => [
    "--setenv",
    v.slice(0, v.indexOf("=")),
    v.slice(v.indexOf("=") + 1)
  ]);
  return [
    tools.bwrap,
    ...plan.bwrap,
    ...plan.sys ? sysMounts([...cgroups.controllers, ...cgroups.accounting]) : [],
    ...["--clearenv", ...env, "--seccomp", "3", "--"],
    ...plan.init,
    ...policy.argv
  ];
}
class NamespaceEngine extends CliImages {
  #root;
  #sandboxes;
  #tools;
  #warmTarget;
  /** Template containers by lock-down (environment and command aside). */
  #templates = /* @__PURE__ */ new Map();
  /** Removals of templates that fell short of the lock-down: close() waits for them too. */
  #dropped = /* @__PURE__ */ new Set();
  /** Sandboxes started ahead, by the lock-down they were made for. */
  #warm = /* @__PURE__ */ new Map();
  /** Starts in flight, warm or not: close() waits for them so none finishes unseen. */
  #starting = /* @__PURE__ */ new Set();
  /** The maker (then bwrap) of every sandbox started and not yet ended, by sandbox id. */
  #active = /* @__PURE__ */ new Map();
  /** Sandboxes not yet deleted: what abort() must end. */
  #owned = /* @__PURE__ */ new Set();
  #removals;
  /** Forks every sandbox's maker, so the gate's process never forks for a candidate (spawner.ts). */
  #spawner;
  /** Parse checks kept warm (warm-check.ts), each checker in a sandbox of its own. */
  #checks;
  constructor(cli2, options = {}) {
    super(cli2);
    this.#root = options.root ?? NAMESPACE_ROOT;
    this.#sandboxes = (0, external_node_path_namespaceObject.join)(this.#root, "sandboxes");
    const tools = findTools();
    if (typeof tools === "string")
      throw new Error(`isolation: namespace needs ${tools}, not found on PATH`);
    this.#tools = tools;
    this.#warmTarget = Math.max(0, options.warm ?? 0);
    this.#removals = new Removals((id) => deleteSandbox(this.#sandboxes, id));
    this.#spawner = new Spawner(tools.perl, this.#sandboxes);
    const warmCheck2 = options.warmCheck === false ? false : { startAfter: 1, ...options.warmCheck };
    this.#checks = new WarmChecks((policy) => this.#checkerProcess(policy), warmCheck2);
  }
  async runOpened(given, hooks, opening) {
    const job = await this.#checks.checked(given);
    const policy = lockDown(job);
    let sandbox = await this.#take(policy);
    if (sandbox.child?.ended) {
      this.#discard(sandbox);
      sandbox = await this.#start(policy);
    }
    hooks.onContainer?.(sandbox.id);
    if (sandbox.held === void 0 || sandbox.child === void 0) {
      this.#remove(sandbox.id);
      return failedFacts(`the sandbox did not start: ${sandbox.error}`);
    }
    if (this.aborted) {
      this.#discard(sandbox);
      return failedFacts(CANCELLED_BEFORE_START);
    }
    try {
      return await this.#read(sandbox.id, sandbox.child, sandbox.held, job, opening);
    } catch (error) {
      return failedFacts(`the sandbox failed: ${error.message}`);
    } finally {
      this.#remove(sandbox.id);
    }
  }
  async #read(id, child, held, job, opening) {
    const { exit, outcome: outcome2 } = await readChild(held, job, opening, {
      kill: () => this.#kill(id, child),
      memory: () => cgroupMemory(id),
      meter: cgroupMeter(localCgroupMounts(), id, "/proc", { stamps: true })
    });
    if (exit.error)
      return failedFacts(`cannot run ${this.#tools.perl}: ${exit.error.message}`);
    const ooms = await oomKills(id);
    return runFacts("bwrap", job, outcome2, {
      exitCode: exit.code,
      oomKilled: (ooms.count ?? 0) > 0,
      aborted: this.aborted,
      ...ooms.error === void 0 ? {} : { stateError: ooms.error }
    });
  }
  /** A checker's sandbox, started as a candidate's is; removed once it ends. */
  async #checkerProcess(policy) {
    if (this.aborted)
      return void 0;
    const sandbox = await this.#start(policy);
    const { id, child, held } = sandbox;
    if (!child || !held) {
      this.#remove(id);
      return void 0;
    }
    const exited = held.exited.then(() => this.#remove(id));
    return {
      stdin: child.stdin,
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      kill: () => void this.#kill(id, child).catch(() => child.kill("SIGKILL"))
    };
  }
  /** The warm checkers' counts (warm-check.ts): for the bench and the tests. */
  get warmCheckCounts() {
    return this.#checks.counts;
  }
  /** A sandbox started ahead for the same lock-down, or a new one; then one more is started for the next candidate. */
  #take(policy) {
    const key = JSON.stringify(policy);
    for (const [other, queue2] of this.#warm) {
      if (other === key)
        continue;
      for (const stale of queue2.splice(0))
        void stale.then((sandbox) => this.#discard(sandbox));
      this.#warm.delete(other);
    }
    const queue = this.#warm.get(key) ?? [];
    this.#warm.set(key, queue);
    const warm = queue.shift();
    while (!this.aborted && queue.length < this.#warmTarget)
      queue.push(this.#start(policy));
    return warm ?? this.#start(policy);
  }
  /** Makes a sandbox's cgroup and starts its maker: its driver then waits for the candidate's input. */
  #start(policy) {
    const id = containerName();
    this.#owned.add(id);
    const starting = (async () => {
      const template = await this.#template(policy);
      if (template.made === void 0)
        return { id, error: template.error };
      const { plan, files } = template.made;
      const cgroups = cgroupDirs(id);
      try {
        const record = { labels: policy.labels, cgroups: { dirs: cgroups.dirs } };
        (0, external_node_fs_namespaceObject.writeFileSync)((0, external_node_path_namespaceObject.join)(this.#sandboxes, `${id}.json`), JSON.stringify(record), { mode: 384 });
        makeCgroups(cgroups, plan.limits);
      } catch (error) {
        return { id, error: `its cgroup cannot be made: ${error.message}` };
      }
      let child;
      try {
        child = await this.#spawner.start(
          id,
          files.seccomp,
          {
            cgroupProcs: cgroups.procs,
            mounts: plan.mounts,
            rlimits: plan.rlimits,
            user: plan.user,
            command: bwrapArgv(this.#tools, plan, cgroups, policy)
          },
          // The candidate's environment is set by bwrap, as the candidate's user: the root maker and bwrap
          // get a bare PATH, so no variable of the image's or the job's (LD_PRELOAD, say) reaches them.
          { PATH: TOOLS_PATH }
        );
      } catch (error) {
        return { id, error: `its maker could not be started: ${error.message}` };
      }
      this.#active.set(id, child);
      child.once("exit", () => this.#active.delete(id));
      child.once("error", () => this.#active.delete(id));
      const sandbox = { id, child, held: hold(child) };
      if (this.aborted)
        this.#discard(sandbox);
      return sandbox;
    })();
    return tracked(this.#starting, starting);
  }
  /** A sandbox no candidate will use: its driver's stdin closed (it exits), then it is deleted. */
  #discard(sandbox) {
    if (!sandbox.held)
      return this.#remove(sandbox.id);
    release(sandbox.held);
    void sandbox.held.exited.then(() => this.#remove(sandbox.id));
  }
  /** Deletes a sandbox off the critical path; close() waits for it. */
  #remove(id) {
    this.#removals.remove(id, () => this.#owned.delete(id));
  }
  /**
   * Kills everything in the sandbox's cgroup but bwrap itself, which then exits as the command did (137),
   * as a killed container does; bwrap too after KILL_GRACE_MS if it has not.
   */
  async #kill(id, child) {
    if (child.ended)
      return;
    const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    child.once("close", () => clearTimeout(grace));
    await killCgroup(cgroupDirs(id), child.pid);
  }
  /** The running template of this lock-down, or a new one; a failed one is forgotten, so the next candidate tries again. */
  #template(policy) {
    const key = JSON.stringify({ ...policy, argv: [], env: [] });
    let template = this.#templates.get(key);
    if (!template) {
      template = makeTemplate(policy, this.#root);
      this.#templates.set(key, template);
      void template.then((made) => {
        if (made.made === void 0) {
          this.#templates.delete(key);
          if (!made.name)
            return;
          void tracked(this.#dropped, removeTemplate(this.#root, made.name).catch(() => {
          }));
        }
      });
    }
    return template;
  }
  /** Ends the sandboxes kept ahead, waits for every removal, then removes the templates; returns the removals that failed. */
  async close() {
    await this.#checks.close();
    const warm = [...this.#warm.values()].flat();
    this.#warm.clear();
    for (const sandbox of await Promise.all(warm))
      this.#discard(sandbox);
    const ending = () => [
      ...this.#starting,
      ...this.#dropped,
      ...[...this.#active.values()].map((child) => exitOf(child))
    ];
    const failed = await this.#removals.settle(ending);
    this.#spawner.close();
    const templates = await Promise.all(this.#templates.values());
    this.#templates.clear();
    for (const { name } of templates)
      await removeTemplate(this.#root, name).catch((error) => failed.push(`${name}: ${error.message}`));
    return failed;
  }
  /** Refuses new runs, kills every sandbox (running or kept ahead) and removes everything; returns the containers removed. */
  async abort() {
    this.aborted = true;
    const ids = [...this.#owned];
    await Promise.all([...this.#active].map(([id, child]) => this.#kill(id, child)));
    const templates = (await Promise.all(this.#templates.values())).map((t) => t.name);
    await this.close();
    return [...ids, ...templates];
  }
  /** The run's templates (docker labels) and its candidates' leftovers (their records' labels). */
  async removeLabelled(label2) {
    const sandboxes = await namespace_removeNamespaceLabelled(label2, { root: this.#root });
    return [...await super.removeLabelled(label2), ...sandboxes];
  }
}
async function makeTemplate(policy, root) {
  const name = containerName();
  const created = await cli("docker", cliRunArgs({ ...policy, argv: [...KEEPER_ARGV] }, name, "docker", "create"));
  if (created.code !== 0)
    return { name: "", error: `cannot create the template container: ${describeFailure(created)}` };
  const started = await cli("docker", ["start", name]);
  if (started.code !== 0)
    return { name, error: `cannot start the template container: ${describeFailure(started)}` };
  const id = created.stdout.trim();
  const file = TASK_DIRS.map((dir) => (0, external_node_path_namespaceObject.join)(dir, id, "config.json")).find((path2) => (0, external_node_fs_namespaceObject.existsSync)(path2));
  if (!file)
    return { name, error: `the OCI config of the template container is not under ${TASK_DIRS.join(" or ")}` };
  const config = JSON.parse(await (0, external_node_fs_promises_namespaceObject.readFile)(file, "utf8"));
  const gap = lockDownGap(config, KEEPER_ARGV, { memoryBytes: policy.memoryBytes, pids: policy.cgroupPids });
  if (gap !== void 0)
    return { name, error: `docker's config for the template falls short of the lock-down: ${gap}` };
  try {
    const scratch = (0, external_node_path_namespaceObject.join)(root, "scratch");
    const plan = sandboxPlan(config, KEEPER_ARGV, scratch, hostKind);
    const seccomp = compileSeccomp(config.linux.seccomp, process.arch);
    const dir = (0, external_node_path_namespaceObject.join)(root, "templates", name);
    await (0, external_node_fs_promises_namespaceObject.mkdir)(dir, { recursive: true, mode: 448 });
    await (0, external_node_fs_promises_namespaceObject.writeFile)((0, external_node_path_namespaceObject.join)(dir, "labels.json"), JSON.stringify(policy.labels), { mode: 384 });
    await (0, external_node_fs_promises_namespaceObject.mkdir)((0, external_node_path_namespaceObject.join)(root, "sandboxes"), { recursive: true, mode: 448 });
    await (0, external_node_fs_promises_namespaceObject.mkdir)(scratch, { recursive: true, mode: 493 });
    await (0, external_node_fs_promises_namespaceObject.chmod)(root, 457);
    for (const point of plan.mountPoints)
      await makeMountPoint(point);
    const files = { seccomp: (0, external_node_path_namespaceObject.join)(dir, "seccomp.bpf") };
    await (0, external_node_fs_promises_namespaceObject.writeFile)(files.seccomp, seccomp, { mode: 384 });
    return { name, made: { plan, files } };
  } catch (error) {
    return {
      name,
      error: `docker's config for the template cannot be made into a sandbox: ${error.message}`
    };
  }
}
async function makeMountPoint({ path: path2, file }) {
  const kind = hostKind(path2);
  if (kind === (file ? "file" : "dir"))
    return;
  if (kind !== void 0)
    await (0, external_node_fs_promises_namespaceObject.rm)(path2, { recursive: true, force: true });
  if (file)
    await (0, external_node_fs_promises_namespaceObject.writeFile)(path2, "", { mode: 420 });
  else
    await (0, external_node_fs_promises_namespaceObject.mkdir)(path2, { mode: 493 });
}
function hostKind(path2) {
  try {
    return (0, external_node_fs_namespaceObject.statSync)(path2).isDirectory() ? "dir" : "file";
  } catch {
    return void 0;
  }
}
function exitOf(child) {
  if (child.ended)
    return Promise.resolve();
  return new Promise((resolve2) => {
    child.once("exit", () => resolve2());
    child.once("error", () => resolve2());
  });
}
async function removeTemplate(root, name) {
  const result = await cli("docker", ["rm", "-f", "-v", name]);
  if (result.code !== 0 && !/no such container/i.test(result.stderr))
    throw new Error(describeFailure(result));
  await (0, external_node_fs_promises_namespaceObject.rm)((0, external_node_path_namespaceObject.join)(root, "templates", name), { recursive: true, force: true });
}
function cgroupDirs(id) {
  const v2 = (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(CGROUP_ROOT, "cgroup.controllers"));
  const controllers = v2 ? [{ dir: (0, external_node_path_namespaceObject.join)(CGROUP_ROOT, id) }] : CONTROLLERS.map((controller) => ({ controller, dir: cgroupDir(controller, id) }));
  const { unified } = localCgroupMounts();
  const accounting = !v2 && unified !== void 0 ? [{ controller: "unified", dir: (0, external_node_path_namespaceObject.join)(unified, id) }] : [];
  const dirs = [...controllers, ...accounting].map((c) => c.dir);
  return { dirs, procs: dirs.map((dir) => (0, external_node_path_namespaceObject.join)(dir, "cgroup.procs")), controllers, accounting };
}
function makeCgroups({ dirs }, limits) {
  for (const dir of dirs)
    (0, external_node_fs_namespaceObject.mkdirSync)(dir);
  const write2 = (file, value, optional = false) => {
    if (optional && !(0, external_node_fs_namespaceObject.existsSync)(file))
      return;
    (0, external_node_fs_namespaceObject.writeFileSync)(file, value);
  };
  if (dirs.length === 1) {
    const [dir] = dirs;
    write2((0, external_node_path_namespaceObject.join)(dir, "memory.max"), String(limits.memoryBytes));
    write2((0, external_node_path_namespaceObject.join)(dir, "memory.swap.max"), String(limits.memorySwapBytes - limits.memoryBytes), true);
    write2((0, external_node_path_namespaceObject.join)(dir, "pids.max"), String(limits.pids));
    if (limits.cpu)
      write2((0, external_node_path_namespaceObject.join)(dir, "cpu.max"), `${limits.cpu.quota} ${limits.cpu.period}`);
    return;
  }
  const [memory, pids, cpu] = dirs;
  write2((0, external_node_path_namespaceObject.join)(memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
  write2((0, external_node_path_namespaceObject.join)(memory, "memory.memsw.limit_in_bytes"), String(limits.memorySwapBytes), true);
  write2((0, external_node_path_namespaceObject.join)(pids, "pids.max"), String(limits.pids));
  if (limits.cpu) {
    write2((0, external_node_path_namespaceObject.join)(cpu, "cpu.cfs_period_us"), String(limits.cpu.period));
    write2((0, external_node_path_namespaceObject.join)(cpu, "cpu.cfs_quota_us"), String(limits.cpu.quota));
  }
}
async function killCgroup({ dirs }, spare) {
  for (const dir of dirs) {
    if (spare === void 0 && (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(dir, "cgroup.kill"))) {
      await (0, external_node_fs_promises_namespaceObject.writeFile)((0, external_node_path_namespaceObject.join)(dir, "cgroup.kill"), "1").catch(() => {
      });
      continue;
    }
    const pids = await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(dir, "cgroup.procs"), "utf8").catch(() => "");
    for (const pid of pids.split("\n").filter((pid2) => pid2 && Number(pid2) !== spare)) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
      }
    }
  }
}
async function removeCgroups(cgroups) {
  for (const dir of cgroups.dirs) {
    for (let attempt = 0; ; attempt++) {
      try {
        (0, external_node_fs_namespaceObject.rmdirSync)(dir);
        break;
      } catch (error) {
        const code = error.code;
        if (code === "ENOENT")
          break;
        if (code !== "EBUSY" || attempt >= 200)
          throw error;
        await killCgroup(cgroups);
        await (0, promises_namespaceObject.setTimeout)(10);
      }
    }
  }
}
async function deleteSandbox(sandboxes, id) {
  await removeCgroups(cgroupDirs(id));
  (0, external_node_fs_namespaceObject.rmSync)((0, external_node_path_namespaceObject.join)(sandboxes, `${id}.json`), { force: true });
  for (const end of ["in", "out", "err"])
    (0, external_node_fs_namespaceObject.rmSync)((0, external_node_path_namespaceObject.join)(sandboxes, `${id}.${end}`), { force: true });
}
async function namespace_removeNamespaceLabelled(label2, { root = NAMESPACE_ROOT } = {}) {
  const sandboxes = (0, external_node_path_namespaceObject.join)(root, "sandboxes");
  if (!(0, external_node_fs_namespaceObject.existsSync)(sandboxes))
    return [];
  const [key, value] = [label2.slice(0, label2.indexOf("=")), label2.slice(label2.indexOf("=") + 1)];
  const ids = [];
  for (const file of await (0, external_node_fs_promises_namespaceObject.readdir)(sandboxes)) {
    if (!file.endsWith(".json"))
      continue;
    const id = file.slice(0, -".json".length);
    const record = JSON.parse(await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(sandboxes, file), "utf8").catch(() => "{}"));
    if (record.labels?.[key] !== value)
      continue;
    await killCgroup(cgroupDirs(id));
    await deleteSandbox(sandboxes, id);
    ids.push(id);
  }
  const templates = (0, external_node_path_namespaceObject.join)(root, "templates");
  for (const name of (0, external_node_fs_namespaceObject.existsSync)(templates) ? await (0, external_node_fs_promises_namespaceObject.readdir)(templates) : []) {
    const labels = JSON.parse(await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(templates, name, "labels.json"), "utf8").catch(() => "{}"));
    if (labels[key] === value)
      await (0, external_node_fs_promises_namespaceObject.rm)((0, external_node_path_namespaceObject.join)(templates, name), { recursive: true, force: true });
  }
  return ids;
}
function cgroupDir(controller, id) {
  const v1 = (0, external_node_path_namespaceObject.join)(CGROUP_ROOT, controller);
  return (0, external_node_fs_namespaceObject.existsSync)(v1) ? (0, external_node_path_namespaceObject.join)(v1, id) : (0, external_node_path_namespaceObject.join)(CGROUP_ROOT, id);
}
async function oomKills(id) {
  const dir = cgroupDir("memory", id);
  const file = (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(dir, "memory.oom_control")) ? "memory.oom_control" : "memory.events";
  try {
    const count = oomKillCount(await (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(dir, file), "utf8"));
    return count === void 0 ? { error: `${file} of the candidate's cgroup has no oom_kill count` } : { count };
  } catch (error) {
    return { error: `the candidate's memory cgroup cannot be read: ${error.message}` };
  }
}
function oomKillCount(text) {
  const m = /^oom_kill (\d+)$/m.exec(text);
  return m ? Number(m[1]) : void 0;
}
async function cgroupMemory(id) {
  const dir = cgroupDir("memory", id);
  const v1 = (0, external_node_fs_namespaceObject.existsSync)((0, external_node_path_namespaceObject.join)(dir, "memory.usage_in_bytes"));
  const read = (file) => (0, external_node_fs_promises_namespaceObject.readFile)((0, external_node_path_namespaceObject.join)(dir, file), "utf8").catch(() => "");
  const [usage, limit, stat] = await Promise.all(v1 ? [read("memory.usage_in_bytes"), read("memory.limit_in_bytes"), read("memory.stat")] : [read("memory.current"), read("memory.max"), read("memory.stat")]);
  return memorySample(usage, limit, stat);
}
function memorySample(usage, limit, stat) {
  const used = Number(usage.trim());
  const max = Number(limit.trim());
  if (!usage.trim() || !Number.isFinite(used) || !Number.isFinite(max) || max <= 0)
    return void 0;
  const cache = Number(/^(?:total_inactive_file|inactive_file) (\d+)$/m.exec(stat)?.[1] ?? 0);
  return { usedBytes: used - (cache < used ? cache : 0), limitBytes: max };
}
;
const KEEPER_USER = "65533:65533";
const RESET_FAILED = 125;
const OOM_EVENT_GRACE_MS = 500;
const OOM_POLL_MS = 20;
const RESET = String.raw`reset() {
  cd / || return 1
  rounds=0
  while :; do
    kill -9 -1 2>/dev/null
    left=
    for p in /proc/[0-9]*; do
      [ "$p" = "/proc/$$" ] && continue
      [ -O "$p" ] && left="$p" && break
    done
    [ -z "$left" ] && break
    rounds=$((rounds + 1))
    [ "$rounds" -lt 200 ] || { echo "sandbox-gate: $left of an earlier candidate survives the reset" >&2; return 1; }
    sleep 0.01
  done
  cleared=
  for ipc in /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg; do
    # gVisor lists no System V IPC in /proc: there ipcrm clears what it can, unchecked.
    [ -r "$ipc" ] || { [ -n "$cleared" ] || ipcrm -a 2>/dev/null; cleared=1; continue; }
    { read -r header; ! read -r object; } < "$ipc" && continue
    ipcrm -a 2>/dev/null
    { read -r header; ! read -r object; } < "$ipc" || { echo "sandbox-gate: System V IPC of an earlier candidate remains ($ipc)" >&2; return 1; }
  done
  set -- /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*
  for entry; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    # A directory the candidate made unreadable is made readable again, then everything goes.
    rm -rf "$@" 2>/dev/null || { chmod -R u+rwx "$@" 2>/dev/null; rm -rf "$@" 2>/dev/null; }
    break
  done
  for entry in /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    echo "sandbox-gate: $entry of an earlier candidate remains" >&2
    return 1
  done
  cd ${policy_WORKDIR}
}
reset || exit ${RESET_FAILED}
`;
const SHARED_DRIVER = driverAfter("kill -9 -1 2>/dev/null\n");
function execArgv(command, check, tree, results, guard) {
  const [sh, flag, driver, ...parameters2] = driverArgv(command, check, tree, results, SHARED_DRIVER, guard);
  return [sh, flag, `${RESET}${driver}`, ...parameters2];
}
class SharedEngine extends CliImages {
  #api;
  /** Run images are made through it too (ContainerEngine.api). */
  api;
  /** Containers between candidates, by config. */
  #idle = /* @__PURE__ */ new Map();
  /** Every container of ours, idle or busy, until removed. */
  #all = /* @__PURE__ */ new Set();
  #removals;
  /** The containers run on this machine, so their cgroups can be read (clock.ts). */
  #local = engineIsLocal();
  constructor(api, cli2) {
    super(cli2);
    this.#api = api;
    this.api = api;
    this.#removals = new Removals((name) => removeContainer(api, name));
  }
  async runOpened(job, hooks, { nonce, input }) {
    if (job.workdir !== void 0 && job.workdir !== policy_WORKDIR)
      return failedFacts(`isolation: run cannot use the work dir ${job.workdir} of a line's image_workdir; use isolation: candidate`);
    for (let attempt = 1; ; attempt++) {
      const shared = await this.#acquire(job);
      hooks.onContainer?.(shared.name);
      if (shared.error !== void 0) {
        this.#retire(shared);
        return failedFacts(`the sandbox did not start: ${shared.error}`);
      }
      let outcome2;
      try {
        outcome2 = await this.#exec(shared, job, input, nonce);
      } catch (error) {
        outcome2 = { facts: failedFacts(`the sandbox failed: ${error.message}`), keep: false, retry: true };
      }
      if (outcome2.keep && !this.aborted)
        this.#idle.get(shared.key).push(shared);
      else
        this.#retire(shared);
      if (!outcome2.retry || attempt > 1 || this.aborted)
        return outcome2.facts;
    }
  }
  async #exec(shared, job, input, nonce) {
    const { name } = shared;
    const exec = await this.#api.call("POST", `/containers/${name}/exec`, {
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      User: SANDBOX_USER,
      WorkingDir: policy_WORKDIR,
      Cmd: execArgv(driverCommand(job), job.check, job.tree, job.results, job.guard)
    });
    const oomsBefore = shared.ooms;
    let killed = false;
    const exited = new Promise((resolve2) => shared.exits.set(exec.Id, resolve2));
    if (shared.retired)
      throw new Error("the container was removed");
    const stream2 = await this.#api.hijack(`/exec/${exec.Id}/start`, { Detach: false, Tty: false });
    const outcome2 = await captureStream({
      stream: stream2,
      input,
      job,
      nonce,
      // Only the container's end is sure to end every process of the candidate.
      kill: async () => {
        killed = true;
        await this.#api.call("POST", `/containers/${name}/kill`).catch(() => {
        });
      },
      memory: () => containerMemory(this.#api, name),
      // One candidate at a time in the container: the counters' growth over its run is its own.
      meter: apiContainerMeter(this.#api, { name, id: shared.id, fresh: false }, this.#local, job.limits.runtime),
      exited
    });
    shared.exits.delete(exec.Id);
    const exitCode = killed ? 137 : await exited;
    if (couldBeLateOom({ exitCode, killedByUs: killed, oomKilled: shared.ooms > oomsBefore }))
      await this.#waitForOom(shared);
    const oomKilled = shared.ooms > oomsBefore;
    const resetFailed = outcome2.phase === "setup" && !killed && (exitCode === RESET_FAILED || exitCode === 137);
    const facts = runFacts("the container", job, outcome2, {
      exitCode,
      oomKilled,
      aborted: this.aborted,
      ...shared.dead && !killed && !oomKilled ? { stateError: "the shared container stopped" } : {}
    });
    return {
      facts,
      keep: !killed && !oomKilled && !shared.dead && facts.sandboxError === void 0,
      retry: resetFailed
    };
  }
  async #waitForOom(shared) {
    const before = shared.ooms;
    for (let waited = 0; waited < OOM_EVENT_GRACE_MS && shared.ooms === before && !shared.dead; waited += OOM_POLL_MS)
      await (0, promises_namespaceObject.setTimeout)(OOM_POLL_MS);
  }
  async #acquire(job) {
    const config = {
      ...apiCreateConfig(lockDown(job)),
      Cmd: ["sleep", "2147483647"],
      User: KEEPER_USER,
      AttachStdin: false,
      AttachStdout: false,
      AttachStderr: false,
      OpenStdin: false,
      StdinOnce: false
    };
    const key = JSON.stringify(config);
    const idle = this.#idle.get(key) ?? [];
    this.#idle.set(key, idle);
    for (let shared = idle.pop(); shared; shared = idle.pop()) {
      if (!shared.dead)
        return shared;
      this.#retire(shared);
    }
    return this.#start(key, config);
  }
  async #start(key, config) {
    const shared = { name: containerName(), key, ooms: 0, dead: false, exits: /* @__PURE__ */ new Map() };
    this.#all.add(shared);
    try {
      const made = await this.#api.call("POST", `/containers/create?name=${shared.name}`, config);
      if (typeof made?.Id === "string")
        shared.id = made.Id;
      const filters = encodeURIComponent(JSON.stringify({ container: [shared.name], event: ["oom", "die", "exec_die"] }));
      shared.events = await this.#api.lines(
        `/events?filters=${filters}`,
        (value) => this.#event(shared, value),
        // Without its events the container cannot be judged: it is treated as gone.
        () => this.#event(shared, { Action: "die" })
      );
      await this.#api.call("POST", `/containers/${shared.name}/start`);
    } catch (error) {
      shared.error = error.message;
    }
    return shared;
  }
  #event(shared, event) {
    const attributes2 = event.Actor?.Attributes ?? {};
    if (event.Action === "oom")
      shared.ooms++;
    else if (event.Action === "exec_die")
      shared.exits.get(attributes2.execID ?? "")?.(attributes2.exitCode === void 0 ? null : Number(attributes2.exitCode));
    else if (event.Action === "die") {
      shared.dead = true;
      for (const exit of shared.exits.values())
        exit(null);
    }
  }
  /** Removes a container off the critical path; close() waits for it. */
  #retire(shared) {
    shared.retired = true;
    shared.events?.close();
    for (const exit of shared.exits.values())
      exit(null);
    this.#removals.remove(shared.name, () => this.#all.delete(shared));
  }
  /** Removes the idle containers and waits for every removal; returns the removals that failed. */
  async close() {
    for (const shared of [...this.#idle.values()].flat())
      this.#retire(shared);
    this.#idle.clear();
    return this.#removals.settle();
  }
  /** Refuses new runs and removes every container, busy or idle; returns their names. */
  async abort() {
    this.aborted = true;
    const names = [...this.#all].map((shared) => shared.name);
    for (const shared of this.#all)
      this.#retire(shared);
    this.#idle.clear();
    await this.close();
    return names;
  }
}
;
const SERVICE_READY_TIMEOUT_MS = 6e4;
const READY_POLL_MS = 100;
const LOG_LINES = 40;
const SERVICE_LABEL = "io.github.sandbox-gate.service";
const SERVICE_CAPS = ["CHOWN", "DAC_OVERRIDE", "FOWNER", "SETGID", "SETUID"];
function freshName(kind) {
  return `sandbox-gate-${kind}-${(0, external_node_crypto_namespaceObject.randomBytes)(6).toString("hex")}`;
}
function labelFlags(labels, service) {
  return Object.entries({ ...withOwner(labels), [SERVICE_LABEL]: service }).flatMap(([key, value]) => [
    "--label",
    `${key}=${value}`
  ]);
}
function networkCreateArgs(network, labels) {
  return [
    "network",
    "create",
    "--internal",
    ...["--opt", "com.docker.network.bridge.inhibit_ipv4=true"],
    ...labelFlags(labels, "network"),
    "--",
    network
  ];
}
function serviceRunArgs(service, container, network, labels) {
  const { memoryBytes, cpus, pidsLimit } = SERVICE_LIMITS;
  return [
    "run",
    "--detach",
    ...["--name", container],
    ...labelFlags(labels, service.name),
    // Made ready before the first run, as the sandbox's image is (run/pipeline.ts); a run never pulls.
    ...["--pull", "never"],
    ...["--network", network],
    ...["--network-alias", service.name],
    ...["--memory", String(memoryBytes)],
    ...["--memory-swap", String(memoryBytes)],
    ...["--cpus", String(cpus)],
    ...["--pids-limit", String(pidsLimit)],
    ...["--cap-drop", "ALL"],
    ...SERVICE_CAPS.flatMap((cap) => ["--cap-add", cap]),
    ...["--security-opt", "no-new-privileges"],
    "--",
    service.image,
    ...service.args
  ];
}
function probeRunArgs(image, container, serviceContainer, labels) {
  return [
    "run",
    "--detach",
    "--interactive",
    ...["--name", container],
    ...labelFlags(labels, "probe"),
    ...["--pull", "never"],
    ...["--network", `container:${serviceContainer}`],
    ...["--log-driver", "none"],
    ...["--memory", String(32 * 1024 * 1024)],
    ...["--pids-limit", "8"],
    "--read-only",
    ...["--cap-drop", "ALL"],
    ...["--security-opt", "no-new-privileges"],
    ...["--user", SANDBOX_USER],
    "--",
    image,
    ...["sh", "-c", "read -r never"]
  ];
}
const PROBE_LOOK = [
  "sh",
  "-c",
  'for f in /proc/net/tcp /proc/net/tcp6; do [ -r "$f" ] || continue; while IFS= read -r l; do echo "$l"; done < "$f"; done'
];
function exposedTcpPorts(json2) {
  let parsed;
  try {
    parsed = JSON.parse(json2);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== "object")
    return [];
  return Object.keys(parsed).map((key) => /^(\d+)(?:\/tcp)?$/.exec(key)).filter((match2) => match2 !== null).map((match2) => Number(match2[1])).sort((a, b) => a - b);
}
const LISTEN = "0A";
function isLoopback(hexAddress) {
  const address = hexAddress.toUpperCase();
  if (address.length === 8)
    return address.endsWith("7F");
  if (address === "00000000000000000000000001000000")
    return true;
  return address.startsWith("0000000000000000FFFF0000") && address.endsWith("7F");
}
function reachableListeners(procNetTcp) {
  const ports = /* @__PURE__ */ new Set();
  for (const line of procNetTcp.split("\n")) {
    const fields = line.trim().split(/\s+/);
    const local = /^([0-9A-Fa-f]+):([0-9A-Fa-f]{4})$/.exec(fields[1] ?? "");
    if (!local || fields[3]?.toUpperCase() !== LISTEN || isLoopback(local[1]))
      continue;
    ports.add(parseInt(local[2], 16));
  }
  return ports;
}
function isReady(exposed, listening) {
  return exposed.length === 0 ? listening.size > 0 : exposed.every((port) => listening.has(port));
}
function waitedFor(exposed) {
  return exposed.length === 0 ? "a TCP port (its image EXPOSEs none)" : `TCP port${exposed.length > 1 ? "s" : ""} ${exposed.join(", ")}`;
}
class ServicesEngine {
  #inner;
  #binary;
  #readyTimeoutMs;
  /** Runs' services not yet removed, by network. */
  #started = /* @__PURE__ */ new Map();
  #removals = new Removals((network) => this.#removeSet(network));
  /** Exposed ports per image, read once. */
  #exposed = /* @__PURE__ */ new Map();
  #aborted = false;
  /** The wrapped engine's (ContainerEngine.api). */
  get api() {
    return this.#inner.api;
  }
  constructor(inner, options) {
    this.#inner = inner;
    this.#binary = options.binary;
    this.#readyTimeoutMs = options.readyTimeoutMs ?? SERVICE_READY_TIMEOUT_MS;
  }
  async run(job, hooks = {}) {
    if (!job.services || job.services.length === 0)
      return this.#inner.run(job, hooks);
    if (this.#aborted)
      return failedFacts(CANCELLED_BEFORE_START);
    const network = freshName("net");
    const started = { network, containers: [] };
    this.#started.set(network, started);
    try {
      const problem = await this.#start(job, job.services, started);
      if (problem !== void 0)
        return failedFacts(problem);
      if (this.#aborted)
        return failedFacts(CANCELLED_BEFORE_START);
      return await this.#inner.run({ ...job, network }, {
        ...hooks,
        onContainer: (name) => {
          started.sandbox = name;
          hooks.onContainer?.(name);
        }
      });
    } finally {
      this.#removals.remove(network);
    }
  }
  /** The network, then each service with its readiness; our failure's message, or undefined when all are ready. */
  async #start(job, services, started) {
    const made = await this.#cli(networkCreateArgs(started.network, job.labels));
    if (made.code !== 0)
      return `the services' network could not be made: ${describeFailure(made)}`;
    for (const service of services) {
      if (this.#aborted)
        return void 0;
      const problem = await this.#startOne(job, service, started);
      if (problem !== void 0)
        return `service '${service.name}' (${service.image}) ${problem}`;
    }
    return void 0;
  }
  async #startOne(job, service, started) {
    const container = freshName(`svc-${service.name}`);
    started.containers.push(container);
    const ran = await this.#cli(serviceRunArgs(service, container, started.network, job.labels));
    if (ran.code !== 0)
      return `did not start: ${describeFailure(ran)}`;
    const exposed = await this.#exposedPorts(service.image);
    const probe = freshName(`probe-${service.name}`);
    started.containers.push(probe);
    const probing = await this.#cli(probeRunArgs(job.image, probe, container, job.labels));
    if (probing.code !== 0)
      return await this.#exited(container) ?? `could not be probed for readiness: ${describeFailure(probing)}`;
    const deadline = Date.now() + this.#readyTimeoutMs;
    for (; ; ) {
      if (this.#aborted)
        return void 0;
      const look = await this.#cli(["exec", probe, ...PROBE_LOOK]);
      if (isReady(exposed, reachableListeners(look.stdout)))
        return void 0;
      const exited = await this.#exited(container);
      if (exited !== void 0)
        return exited;
      if (Date.now() > deadline)
        return `did not accept connections on ${waitedFor(exposed)} within ${this.#readyTimeoutMs / 1e3} s; its log:
${await this.#log(container)}`;
      await (0, promises_namespaceObject.setTimeout)(READY_POLL_MS);
    }
  }
  /** The message for a service that is no longer running, with its log; undefined while it runs. */
  async #exited(container) {
    const state = await this.#cli(["inspect", "--format", "{{.State.Running}} {{.State.ExitCode}}", container]);
    const [running, exitCode] = state.stdout.trim().split(" ");
    if (state.code !== 0 || running !== "false")
      return void 0;
    return `exited with code ${exitCode} before accepting connections; its log:
${await this.#log(container)}`;
  }
  #exposedPorts(image) {
    let ports = this.#exposed.get(image);
    if (!ports) {
      ports = this.#cli(["image", "inspect", "--format", "{{json .Config.ExposedPorts}}", "--", image]).then((result) => result.code === 0 ? exposedTcpPorts(result.stdout.trim()) : []);
      this.#exposed.set(image, ports);
    }
    return ports;
  }
  /** The service's last lines of output, stdout and stderr together. */
  async #log(container) {
    const log = await this.#cli(["logs", "--tail", String(LOG_LINES), container]);
    const text = `${log.stdout}${log.stderr}`.trimEnd();
    return text === "" ? "(empty)" : text;
  }
  /**
   * A run's services and network. The sandbox's container is removed by its engine off the critical path,
   * maybe not yet: it is disconnected first, since a network with a container on it cannot go.
   */
  async #removeSet(network) {
    const started = this.#started.get(network);
    if (!started)
      return;
    if (started.containers.length > 0) {
      const removed = await this.#cli(["rm", "-f", "-v", ...started.containers]);
      if (removed.code !== 0 && !/no such container/i.test(removed.stderr))
        throw new Error(describeFailure(removed));
    }
    if (started.sandbox !== void 0)
      await this.#cli(["network", "disconnect", "--force", network, started.sandbox]);
    const gone = await this.#cli(["network", "rm", network]);
    if (gone.code !== 0 && !/not found|no such network/i.test(gone.stderr))
      throw new Error(describeFailure(gone));
    this.#started.delete(network);
  }
  #cli(args) {
    return cli(this.#binary, args);
  }
  hasImage(image) {
    return this.#inner.hasImage(image);
  }
  pull(image) {
    return this.#inner.pull(image);
  }
  removeLabelled(label2) {
    return this.#inner.removeLabelled(label2);
  }
  /** The sandboxes' removals, then the services'; returns the failures of both. */
  async close() {
    const sandboxes = await this.#inner.close();
    return [...sandboxes, ...await this.#removals.settle()];
  }
  /** Ends the runs in flight (their sandboxes first: a network cannot go while one is on it), then every run's services. */
  async abort() {
    this.#aborted = true;
    const sandboxes = await this.#inner.abort();
    const networks = [...this.#started.keys()];
    for (const network of networks)
      this.#removals.remove(network);
    await this.#removals.settle();
    return [...sandboxes, ...networks];
  }
}
;
async function createEngine(mode, log, env = process.env) {
  const cli2 = new cli_engine_CliEngine({ binary: mode.engine });
  if (mode.isolation === "namespace") {
    const refusal = namespaceRefusal(mode, env, probeHost());
    if (refusal)
      throw new errors_InputError("isolation", refusal);
    return new NamespaceEngine(cli2, { warm: mode.concurrency });
  }
  const api = mode.engine === "docker" ? await reachableApi(env, log) : void 0;
  if (api && mode.isolation === "run")
    return new SharedEngine(api, cli2);
  if (mode.isolation === "run")
    log("isolation: run needs the Engine API; running one container per candidate instead");
  const fresh = api ? new FreshPoolEngine(api, cli2, { warm: mode.services ? 0 : mode.concurrency }) : cli2;
  return mode.services ? new ServicesEngine(fresh, { binary: mode.engine }) : fresh;
}
function leftoverRemover(engine) {
  const cli2 = new CliEngine({ binary: engine });
  const root = process.getuid?.() === 0;
  return {
    removeLabelled: async (label2) => [
      ...await cli2.removeLabelled(label2),
      ...root ? await removeNamespaceLabelled(label2) : []
    ]
  };
}
function namespaceRefusal(mode, env, host) {
  const why = "'namespace' runs each candidate in a bubblewrap sandbox on this machine";
  if (mode.engine !== "docker")
    return `${why}, from a config docker made: it needs engine: docker`;
  const dockerHost = env.DOCKER_HOST?.trim();
  if (dockerHost && !dockerHost.startsWith("unix://"))
    return `${why}, so docker must run here too; DOCKER_HOST is ${dockerHost}. Use isolation: candidate`;
  if (env.DOCKER_CONTEXT && env.DOCKER_CONTEXT !== "default")
    return `${why}, so docker must run here too; DOCKER_CONTEXT is ${env.DOCKER_CONTEXT}. Use isolation: candidate`;
  if (host.uid !== 0)
    return `${why}, whose cgroups and mounts are made as root; the gate runs as uid ${host.uid} (docs/security.md). Use isolation: candidate`;
  if (!SECCOMP_ARCHES.includes(host.arch))
    return `${why}, whose seccomp filter the gate compiles for ${SECCOMP_ARCHES.join(", ")} only; this host is ${host.arch}. Use isolation: candidate`;
  if (host.missingTool)
    return `${why}, and ${host.missingTool} was not found (bwrap comes with bubblewrap, perl with perl-base). Use isolation: candidate`;
  if (!host.cgroupsWritable)
    return `${why}, and the cgroup filesystem is not writable here. Use isolation: candidate`;
  if (!host.userNamespaces)
    return `${why}, and bwrap could not make a user namespace as an unprivileged user (user.max_user_namespaces, or an AppArmor or kernel restriction). Use isolation: candidate`;
  if (!host.dockerState)
    return `${why} from the config docker made, and docker's container state is not on this machine (${TASK_ROOTS.join(", ")}): is docker remote, or the gate in a container given only its socket? Use isolation: candidate`;
  return void 0;
}
function probeHost() {
  const memory = (0, external_node_fs_namespaceObject.existsSync)("/sys/fs/cgroup/memory") ? "/sys/fs/cgroup/memory" : "/sys/fs/cgroup";
  let cgroupsWritable = true;
  try {
    (0, external_node_fs_namespaceObject.accessSync)(memory, external_node_fs_namespaceObject.constants.W_OK);
  } catch {
    cgroupsWritable = false;
  }
  const tools = findTools();
  const uid = process.getuid?.() ?? -1;
  const userNamespaces = typeof tools !== "string" && uid === 0 && (0, external_node_child_process_namespaceObject.spawnSync)(tools.perl, makerArgs({
    cgroupProcs: [],
    mounts: [],
    rlimits: [],
    user: { uid: 65534, gid: 65534, groups: [] },
    command: [tools.bwrap, "--unshare-user", "--ro-bind", "/", "/", "true"]
  }), { stdio: "ignore", env: { PATH: "/usr/bin:/bin" } }).status === 0;
  return {
    uid,
    arch: process.arch,
    ...typeof tools === "string" && { missingTool: tools },
    userNamespaces,
    cgroupsWritable,
    dockerState: TASK_ROOTS.some((root) => (0, external_node_fs_namespaceObject.existsSync)(root))
  };
}
function containerKiller(engine) {
  return async (name) => void await cli(engine, ["kill", name], { timeoutMs: KILL_GRACE_MS });
}
async function reachableApi(env, log) {
  const endpoint = env.SANDBOX_GATE_ENGINE === "cli" ? void 0 : endpointFromEnv(env);
  if (!endpoint)
    return void 0;
  const api = new EngineApi(endpoint);
  try {
    await api.call("GET", "/version");
    return api;
  } catch (error) {
    log(`the Engine API at ${describeEndpoint(endpoint)} does not answer (${error.message}); using the docker CLI`);
    return void 0;
  }
}
;
function signals_exitOnSignals(engine, label2, log) {
  let stopping = false;
  const stop = (signal) => {
    const code = 128 + constants.signals[signal];
    if (stopping)
      process.exit(code);
    stopping = true;
    log(`sandbox-gate: ${signal}: removing this run's containers`);
    void (async () => {
      const removed = new Set(await engine.abort());
      try {
        for (const name of await engine.removeLabelled(label2))
          removed.add(name);
      } catch (error) {
        log(`sandbox-gate: ${error.message}`);
      }
      log(`sandbox-gate: removed ${removed.size} container(s)`);
      process.exit(code);
    })();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return () => {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
  };
}
;
async function* fromList(items) {
  yield* items;
}
async function carry_over_judgeWithCarryOver(entries, carried, judge2, failOn) {
  const slots = [];
  for await (const entry of entries) {
    const result = "candidate" in entry ? carried(entry.candidate) : void 0;
    slots.push(result ? { result } : { entry });
  }
  const rest = slots.flatMap((s) => "entry" in s ? [s.entry] : []);
  const judged = rest.length > 0 ? await judge2(fromList(rest)) : { results: [], skipped: [] };
  const skippedIds = new Set(judged.skipped.map((s) => s.id));
  const fresh = [...judged.results];
  const results = [];
  for (const slot of slots) {
    if ("result" in slot)
      results.push(slot.result);
    else {
      const { id } = "candidate" in slot.entry ? slot.entry.candidate : slot.entry.problem;
      if (!skippedIds.has(id))
        results.push(fresh.shift());
    }
  }
  return {
    results,
    skipped: judged.skipped,
    decision: decide(results, new Set(failOn)),
    ...judged.base && { base: judged.base },
    carried: slots.length - rest.length
  };
}
function carry_over_lineFingerprint(candidate, key) {
  const { kind, text, bytes, files, overrides, task, repo, model, instance } = candidate;
  const content2 = [
    kind,
    text,
    bytes === void 0 ? null : createHash("sha256").update(bytes).digest("hex"),
    files ?? null,
    overrides ?? null,
    task ?? null,
    repo ?? null,
    model ?? null,
    instance ?? null
  ];
  return createHash("sha256").update(canonicalJson([key, content2])).digest("hex");
}
function carry_over_resumedVerdicts(previous, fingerprintOf) {
  const usable = /* @__PURE__ */ new Map();
  for (const r of previous) {
    if (r.fingerprint === void 0 || r.status === "sandbox_error")
      continue;
    const same = usable.get(r.id) ?? [];
    same.push(r);
    usable.set(r.id, same);
  }
  return (candidate) => {
    const candidates = usable.get(candidate.id);
    if (!candidates)
      return void 0;
    const fingerprint = fingerprintOf(candidate);
    const found = candidates.find((r) => r.fingerprint === fingerprint);
    return found && newResult({ ...found, source: candidate.source, cached: true });
  };
}
;
async function evaluation_run_mergeOutcome(reports, settings, input) {
  const loaded = await Promise.all(reports.map(async (m) => ({ name: m.relative, report: await loadReport(m.absolute, m.relative, input) })));
  const { results, skipped } = mergeReports(loaded, input);
  const base = loaded.find(({ report }) => report.base)?.report.base;
  return { results, skipped, decision: decide(results, settings.reports.failOn), ...base && { base } };
}
async function evaluation_run_loadBaseline(settings) {
  if (!settings.reports.baseline)
    return void 0;
  return (await loadReport(resolve(settings.source.workdir, settings.reports.baseline), settings.reports.baseline, "baseline")).results;
}
async function evaluation_run_loadResume(settings) {
  if (!settings.reports.resume)
    return void 0;
  return loadResumable(resolve(settings.source.workdir, settings.reports.resume), settings.reports.resume, "resume");
}
;
class RunImages {
  settings;
  maker;
  labels;
  log;
  #tree;
  /** Each dataset line's `base_commit` tree by full sha, read on first use and dropped once its last candidate is done. */
  #commitTrees = /* @__PURE__ */ new Map();
  #commits = /* @__PURE__ */ new Map();
  /** Each run image by its key, with the image it is made from (`source`) and its commit. */
  #images = /* @__PURE__ */ new Map();
  /** Ids of the images of released commits, removed again at the next release and at close: a warm container may have kept one. */
  #released = [];
  /**
   * How many setups ran: once per run image, whatever the number of candidates; a candidate whose change
   * touches the setup's inputs has an image of its own, shared by the candidates with the same inputs.
   */
  setups = 0;
  constructor(settings, maker, labels, log) {
    this.settings = settings;
    this.maker = maker;
    this.labels = labels;
    this.log = log;
  }
  /** The whole base tree of the checkout, read on first use. */
  tree() {
    this.#tree ??= readBaseTree(this.settings.source.workdir, this.settings.source.maxTreeBytes, "max-tree-size").then((tree) => {
      const skipped = tree.skipped.length > 0 ? `; submodules left out: ${tree.skipped.join(", ")}` : "";
      this.log(`base tree: ${tree.files.length} files, ${tree.bytes} bytes (${tree.listedBy === "git" ? "what git tracks" : "every file but .git/"})${skipped}`);
      return tree;
    });
    return this.#tree;
  }
  /**
   * Resolves every `base_commit` name the run's candidates carry to a full sha, before anything runs: a
   * name the repository at `workdir` does not have is bad input, named with the first line that carries it.
   */
  async resolveCommits(named, objects) {
    const { workdir } = this.settings.source;
    const fresh = [...new Set(named.map(({ name }) => name))].filter((name) => !this.#commits.has(name));
    const shas = await Promise.all(fresh.map((name) => resolveCommit(objects, name)));
    fresh.forEach((name, i) => shas[i] !== void 0 && this.#commits.set(name, shas[i]));
    for (const { name, source } of named) {
      if (!this.#commits.has(name))
        throw new errors_InputError("base_commit", `${source}: ${JSON.stringify(name)} is not a commit of the git repository at ${workdir} (fetch its history: actions/checkout with fetch-depth: 0); nothing was run`);
    }
  }
  /** The full sha of a `base_commit` name resolveCommits has seen. */
  commit(name) {
    const sha = this.#commits.get(name);
    if (!sha)
      throw new Error(`base_commit ${JSON.stringify(name)} was not resolved before the run`);
    return sha;
  }
  /** The tree of `commit` (a full sha), read with git on first use; the checkout's when none is given. */
  commitTree(commit) {
    if (commit === void 0)
      return this.tree();
    let tree = this.#commitTrees.get(commit);
    if (!tree) {
      tree = readCommitTree(this.settings.source.workdir, commit, this.settings.source.maxTreeBytes, "max-tree-size");
      this.#commitTrees.set(commit, tree);
    }
    return tree;
  }
  /**
   * The base's versions of `paths`, as a patch candidate meets them: at `commit` (a full sha) when given,
   * read alone; else the checkout's, from its whole tree as candidates start from it unless `tests` narrows it.
   */
  async baseFiles(commit, paths, objects) {
    const { workdir, tests } = this.settings.source;
    if (commit !== void 0)
      return loadCommitFiles(objects, commit, paths);
    return tests.length === 0 ? baseOfTree(await this.tree(), paths) : loadBaseTree(workdir, paths);
  }
  /**
   * The run image for candidates of `image` starting from `kind`'s tree (of `commit`, when given), made on
   * first use. With `workdir` (a line's image_workdir), the image's own directory there is the tree, with the
   * `tests` files on top for `kind` tests: the base tree's files are not copied in. With `change`, the tree
   * has the candidate's versions of the setup's inputs and of the local packages they vendor (and only those,
   * all in its key: no other candidate's code reaches an image it may share), and the setup runs on it: one
   * image per base and what its set-up reads.
   */
  image(image, kind, testFiles, commit, workdir, change) {
    const key = JSON.stringify([image, kind, commit ?? null, workdir ?? null, change?.key ?? null]);
    let entry = this.#images.get(key);
    if (!entry) {
      const base = kind === "tests" ? Promise.resolve(testFiles) : workdir !== void 0 ? Promise.resolve([]) : this.commitTree(commit).then((tree) => tree.files);
      const files = change ? base.then((files2) => withInputs(files2, change)) : base;
      const made = this.#make(image, files, workdir, this.settings.run.setup, change);
      entry = { made, source: image, ...commit !== void 0 && { commit } };
      this.#images.set(key, entry);
    }
    return entry.made;
  }
  /**
   * Drops what was made for `commit` once its last candidate is done: its tree and its run images, so a
   * night over many commits holds only the ones in flight. Returns the removals that failed.
   */
  async release(commit) {
    this.#commitTrees.delete(commit);
    return this.#releaseWhere((entry) => entry.commit === commit);
  }
  /**
   * Drops the run images made from `image` (a line's own image) once the last line that needs it is done,
   * whatever their commit: the image itself can then go (line-images.ts). Returns the removals that failed.
   */
  releaseSource(image) {
    return this.#releaseWhere((entry) => entry.source === image);
  }
  async #releaseWhere(mine) {
    const earlier = this.#released.splice(0);
    const kept = await Promise.all(earlier.map(async (id) => await this.maker.remove(id) ? [id] : []));
    this.#released.push(...kept.flat());
    const released = [...this.#images].filter(([, entry]) => mine(entry));
    for (const [key] of released)
      this.#images.delete(key);
    const made = await Promise.all(released.map(([, entry]) => entry.made.catch(() => void 0)));
    for (const image of made)
      if (image?.ok && image.id)
        this.#released.push(image.id);
    return this.#remove(released.map(([, entry]) => entry.made));
  }
  async #make(image, files, workdir, setup = this.settings.run.setup, change) {
    const started = external_node_perf_hooks_namespaceObject.performance.now();
    if (setup)
      this.setups++;
    const limits = { ...this.settings.limits, pidsLimit: this.settings.run.patchPidsLimit };
    const made = await this.maker.build({
      image,
      files: await files,
      limits,
      labels: this.labels,
      ...setup && { setup },
      ...workdir !== void 0 && { workdir }
    });
    const took = `${((external_node_perf_hooks_namespaceObject.performance.now() - started) / 1e3).toFixed(1)} s`;
    const own = change ? ` for the candidates that change ${describeSetupChange(change)}` : "";
    if (!made.ok)
      this.log(`run image from ${image}${own}: ${made.reason}`);
    else if (setup) {
      this.log(`setup on ${image}${own} took ${took} (not counted against any candidate's timeout)`);
    } else
      this.log(`run image from ${image}${workdir === void 0 ? "" : ` (its ${workdir})`} made in ${took}`);
    return made;
  }
  /** Removes every run image made; returns the removals that failed. */
  async close() {
    const released = this.#released.splice(0);
    const left2 = await Promise.all(released.map((id) => this.maker.remove(id)));
    return [
      ...left2.filter((failure) => failure !== void 0),
      ...await this.#remove([...this.#images.values()].map((entry) => entry.made))
    ];
  }
  async #remove(pending) {
    const made = await Promise.all(pending.map((image) => image.catch(() => void 0)));
    const images = made.flatMap((image) => image?.ok ? [image.image] : []);
    const failures = await Promise.all(images.map((image) => this.maker.remove(image)));
    return failures.filter((failure) => failure !== void 0);
  }
}
function withInputs(files, change) {
  const replaced = /* @__PURE__ */ new Set([...change.files.map((f) => f.path), ...change.deleted]);
  return [...files.filter((f) => !replaced.has(f.path)), ...change.files];
}
;
const STATE_VERSION = 1;
const STATE_MAX_ENTRIES = 200;
const STATE_MAX_CHARS = 22e3;
const OPEN = (
  /* unused pure expression or super */
  null
);
const CLOSE = " -->";
const ANY_BLOCK = /<!-- sandbox-gate-state\b/g;
const sha256 = (data) => createHash("sha256").update(data).digest("hex");
function verdict_state_verdictKey({ tests, run: run2, limits, version }) {
  const files = [...tests].map((f) => [f.path, sha256(f.content), f.executable === true]).sort(([a], [b]) => ascending(a, b));
  const { pull: _pull, ...judging } = run2;
  void _pull;
  return sha256(JSON.stringify({ state: STATE_VERSION, version, files, run: judging, limits }));
}
const verdict_state_ID = { type: "string", pattern: "^(comment|review-comment|review)-[0-9]{1,20}$" };
const TIME = {
  type: "string",
  pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,6})?Z$"
};
const HEX = (min, max) => ({ type: "string", pattern: `^[0-9a-f]{${min},${max}}$` });
const ENTRY_SCHEMA = {
  type: "object",
  properties: {
    id: verdict_state_ID,
    u: TIME,
    h: HEX(32, 32),
    s: { enum: statuses_STATUSES },
    l: { anyOf: [{ type: "string", pattern: "^[a-z]{1,20}$" }, { type: "null" }] },
    ms: { type: "integer", minimum: 0, maximum: 864e5 },
    x: { anyOf: [{ type: "integer", minimum: 0, maximum: 255 }, { type: "null" }] },
    r: { type: "string", pattern: "^[0-9]{1,20}$" },
    b: HEX(40, 64)
  },
  required: ["id", "u", "h", "s", "l", "ms", "x"],
  additionalProperties: false
};
const STATE_SCHEMA = {
  type: "object",
  properties: {
    v: { const: STATE_VERSION },
    key: HEX(64, 64),
    e: { type: "array", items: ENTRY_SCHEMA, maxItems: STATE_MAX_ENTRIES }
  },
  required: ["v", "key", "e"],
  additionalProperties: false
};
const checkState = checker(STATE_SCHEMA, "the state");
const checkEntry = checker(ENTRY_SCHEMA, "the entry");
const SHORT = {
  id: "id",
  updatedAt: "u",
  hash: "h",
  status: "s",
  language: "l",
  durationMs: "ms",
  exitCode: "x",
  run: "r",
  baseCommit: "b"
};
function renamed(value, names) {
  return Object.fromEntries(Object.entries(value).flatMap(([name, v]) => v === void 0 || !(name in names) ? [] : [[names[name], v]]));
}
const toEntry = (e) => renamed(e, SHORT);
const fromEntry = (e) => renamed(e, Object.fromEntries(Object.entries(SHORT).map(([long, short]) => [short, long])));
function readState(body) {
  const blocks = body.match(ANY_BLOCK)?.length ?? 0;
  if (blocks === 0)
    return { ok: false, why: "the comment holds no state" };
  if (blocks > 1)
    return { ok: false, why: `the comment holds ${blocks} state blocks` };
  const start = body.indexOf(OPEN);
  if (start < 0)
    return { ok: false, why: "the state block is of another version" };
  const end = body.indexOf(CLOSE, start + OPEN.length);
  if (end < 0)
    return { ok: false, why: "the state block is not closed" };
  if (end + CLOSE.length - start > STATE_MAX_CHARS)
    return { ok: false, why: "the state block is too long" };
  let value;
  try {
    value = JSON.parse(body.slice(start + OPEN.length, end));
  } catch {
    return { ok: false, why: "the state block is not JSON" };
  }
  const checked = checkState(value);
  if (!checked.ok)
    return { ok: false, why: checked.problem };
  const entries = checked.value.e.map(fromEntry);
  if (new Set(entries.map((e) => e.id)).size !== entries.length)
    return { ok: false, why: "a reply is listed twice" };
  return { ok: true, state: { key: checked.value.key, entries } };
}
const sameActor = (a, b) => a.toLowerCase().replace(/\[bot\]$/, "") === b.toLowerCase().replace(/\[bot\]$/, "");
function trustedState(body, lastEditor, us) {
  if (lastEditor !== null && !sameActor(lastEditor, us))
    return { ok: false, why: `the comment was last edited by ${lastEditor}, not by ${us}` };
  return readState(body);
}
function renderState(state) {
  const entries = state.entries.map(toEntry).filter((e) => checkEntry(e).ok).slice(-STATE_MAX_ENTRIES);
  const block = (kept2) => `${OPEN}${JSON.stringify({ v: STATE_VERSION, key: state.key, e: kept2 })}${CLOSE}`;
  let kept = entries;
  let text = block(kept);
  while (text.length > STATE_MAX_CHARS && kept.length > 0) {
    kept = kept.slice(Math.max(1, Math.floor(kept.length / 10)));
    text = block(kept);
  }
  if (text.slice(4, -3).includes("--") || text.slice(4, -3).includes(">"))
    throw new Error("state block would break");
  return text;
}
const CARRIED_FEEDBACK = "Verdict carried over from an earlier run: the reply is unchanged since it was judged. Its output and feedback are in that run's job summary.";
function carriedOver(state, key, fingerprints, commit) {
  const usable = new Map(state && state.key === key ? state.entries.map((e) => [e.id, e]) : []);
  return (candidate) => {
    if (Object.values(candidate.overrides ?? {}).some((value) => value !== void 0))
      return void 0;
    const remembered = usable.get(candidate.id);
    const now = fingerprints.get(candidate.id);
    if (!remembered || !now || remembered.updatedAt !== now.updatedAt || remembered.hash !== now.hash)
      return void 0;
    if (remembered.baseCommit !== void 0 && remembered.baseCommit !== commit)
      return void 0;
    return newResult({
      id: candidate.id,
      source: candidate.source,
      url: candidate.url,
      author: candidate.author,
      language: remembered.language,
      status: remembered.status,
      exit_code: remembered.exitCode,
      signal: null,
      duration_ms: remembered.durationMs,
      stdout: "",
      stderr: "",
      truncated: { stdout: false, stderr: false },
      feedback: remembered.status === "pass" ? "" : CARRIED_FEEDBACK,
      cached: true
    });
  };
}
function judgedIn(state, id) {
  return state?.entries.find((e) => e.id === id)?.run;
}
function nextState(key, results, fingerprints, previous, run2) {
  const entries = [];
  for (const r of results) {
    const now = fingerprints.get(r.id);
    if (!now || r.status === "sandbox_error")
      continue;
    if (!r.cached && r.changed_files && !run2.commit)
      continue;
    const judgedBy = r.cached ? judgedIn(previous, r.id) : run2.id;
    const baseCommit = r.cached ? previous?.entries.find((e) => e.id === r.id)?.baseCommit : r.changed_files && run2.commit;
    entries.push({
      id: r.id,
      updatedAt: now.updatedAt,
      hash: now.hash,
      status: r.status,
      language: r.language,
      durationMs: Math.round(r.duration_ms),
      exitCode: r.exit_code,
      ...judgedBy !== void 0 && { run: judgedBy },
      ...baseCommit !== void 0 && { baseCommit }
    });
  }
  return { key, entries };
}
function stateBlockOf(body) {
  const start = body.indexOf(OPEN);
  const end = start < 0 ? -1 : body.indexOf(CLOSE, start);
  return end < 0 ? void 0 : body.slice(start, end + CLOSE.length);
}
function withoutState(body) {
  const start = body.indexOf(OPEN);
  if (start < 0)
    return body;
  const end = body.indexOf(CLOSE, start);
  return end < 0 ? body : body.slice(0, start) + body.slice(end + CLOSE.length);
}
;
async function runSession(settings, work, runId, io) {
  const baseline = await loadBaseline(settings);
  const resumed = await loadResume(settings);
  const partial = work.kind === "judge" ? partialReport(settings) : void 0;
  const outcome2 = work.kind === "merge" ? await mergeOutcome(await work.reports(), settings, work.input) : await judgeWork(settings, work, runId, io, { ...resumed && { resumed }, ...partial && { partial } });
  const reportPath = await writeReports(settings, outcome2, runId, io.warn);
  await partial?.remove();
  return {
    ...outcome2,
    ...reportPath === void 0 ? {} : { reportPath },
    evaluation: evaluate(outcome2.results, baseline, settings.reports.passAtK)
  };
}
function runImageMaker(binary, api, nameFiles) {
  const steps = api ? apiRunImageSteps(api, nameFiles) : cliRunImageSteps(binary, binary);
  return { build: (spec) => buildRunImage(steps, spec), remove: (image) => steps.removeImage(image) };
}
function readTestFiles({ source, limits }) {
  return loadTestFiles(source.tests, source.workdir, limits.workdirBytes);
}
async function run_openRun(settings, runId, log, given = {}) {
  const testFiles = given.testFiles ?? await readTestFiles(settings);
  const engine = await (given.makeEngine ?? createEngine)(settings.mode, log);
  const binary = settings.mode.engine;
  const own = line_images_runOwnImages(settings);
  const nameFiles = engine.nameFiles && ownImagesOnly(own, engine.nameFiles);
  const runImages = new RunImages(settings, runImageMaker(binary, engine.api, nameFiles), { [job_RUN_LABEL]: runId }, log);
  const gate = new ImageGate(engine, settings.run.pull, log, (image) => removePulledImage(binary, image), own, (image) => imageIdOf(binary, image));
  const releaseImage = async (image) => {
    const failures = await runImages.releaseSource(image);
    await gate.release(image);
    return failures;
  };
  return {
    context: runContext({ settings, engine, testFiles, runId, runImages, prepareImage: gate.prepare, releaseImage }, log),
    engine,
    close: async () => {
      const containers = await engine.close();
      const images = await runImages.close();
      return { containers, images: [...images, ...await gate.close()] };
    }
  };
}
const GATE_VERSION = package_namespaceObject.rE;
async function judgeWork(settings, work, runId, io, { resumed, partial } = {}) {
  const testFiles = await readTestFiles(settings);
  const audit = auditSink(settings, io);
  const lineKey = verdictKey({ tests: testFiles, run: settings.run, limits: settings.limits, version: GATE_VERSION });
  const fingerprint = (candidate) => lineFingerprint(candidate, lineKey);
  const judge2 = (entries2) => judgeInSandboxes(entries2, {
    settings,
    runId,
    testFiles,
    io,
    fingerprint,
    ...audit && { audit },
    ...partial && { finished: (result) => partial.add(result) }
  });
  const listed = [];
  const entries = async () => toJudge(await work.entries(), listed, settings.source.shard);
  const withListed = (outcome3) => ({
    ...outcome3,
    skipped: [...outcome3.skipped, ...listed]
  });
  if (!work.remembered && !resumed)
    return withListed(await judge2(await entries()));
  const key = work.remembered ? verdictKey({ tests: testFiles, run: settings.run, limits: settings.limits, version: work.remembered.version }) : void 0;
  const remembered = key === void 0 ? void 0 : work.remembered?.lookup(key);
  const fromResume = resumed && resumedVerdicts(resumed, fingerprint);
  const carried = (candidate) => {
    const result = remembered?.(candidate) ?? fromResume?.(candidate);
    if (result)
      partial?.add(result);
    return result;
  };
  const outcome2 = await judgeWithCarryOver(await entries(), carried, judge2, settings.reports.failOn);
  if (resumed)
    io.log(`sandbox-gate: resume: ${outcome2.carried} result(s) carried over from '${settings.reports.resume}', ${outcome2.results.length - outcome2.carried} judged`);
  return { ...withListed(outcome2), ...key !== void 0 && { key } };
}
async function* toJudge(entries, listed, shard) {
  for await (const entry of entries) {
    if (!("skipped" in entry))
      yield entry;
    else if (!shard || shard.index === 1)
      listed.push(entry.skipped);
  }
}
function auditSink(settings, io) {
  const toFile = settings.reports.auditLog ? auditFile(resolve(settings.source.workdir, settings.reports.auditLog)) : void 0;
  if (!toFile && !io.audit)
    return void 0;
  return (event) => {
    toFile?.(event);
    io.audit?.(event);
  };
}
async function judgeInSandboxes(entries, { settings, runId, testFiles, io, audit, fingerprint, finished }) {
  io.phase?.("engine", settings.mode.engine);
  const run2 = await run_openRun(settings, runId, io.log, { testFiles, ...io.engine && { makeEngine: io.engine } });
  io.log(`sandbox-gate: run ${runId}: its containers and images carry the label ${RUN_LABEL}=${runId}`);
  const releaseSignals = exitOnSignals(run2.engine, `${RUN_LABEL}=${runId}`, io.warn);
  try {
    io.phase?.("candidates", "");
    return await judgeAll(entries, run2.context, {
      log: io.log,
      ...audit && { audit },
      ...io.judged && { judged: io.judged },
      ...fingerprint && { fingerprint },
      ...finished && { finished }
    });
  } finally {
    const left2 = await run2.close();
    for (const failure of left2.containers)
      io.warn(`sandbox-gate: a container of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    for (const failure of left2.images)
      io.warn(`sandbox-gate: an image of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    releaseSignals();
  }
}
async function takeQuota(entries, quota, settings) {
  const idOf2 = (entry) => "candidate" in entry ? entry.candidate : entry.problem;
  const kept = [];
  const dropped = [];
  let position = 0;
  for await (const entry of entries) {
    const at = position++;
    if (!inShard(at, settings.source.shard))
      continue;
    const slot = { position: at, rank: ("candidate" in entry ? entry.rank : void 0) ?? at, entry };
    const before = kept.length === 0 || kept.at(-1).rank <= slot.rank ? -1 : kept.findIndex((k) => k.rank > slot.rank);
    kept.splice(before === -1 ? kept.length : before, 0, slot);
    if (kept.length > quota)
      dropped.push(kept.pop());
  }
  const byPosition = (a, b) => a.position - b.position;
  const taken = kept.sort(byPosition).map(({ entry }) => "candidate" in entry ? entry.candidate : invalidEntryResult(entry.problem.id, entry.problem.source, entry.problem.problem, settings.limits));
  const skipped = dropped.sort(byPosition).map(({ entry }) => {
    const { id, source } = idOf2(entry);
    return { id, source, reason: `over the max-candidates quota of ${quota}` };
  });
  return { taken, skipped };
}
async function judgeAll(entries, ctx, hooks) {
  const { settings } = ctx;
  const { taken, skipped } = await takeQuota(entries, settings.source.maxCandidates, settings);
  if (settings.source.shard)
    hooks.log(`shard ${settings.source.shard.index}/${settings.source.shard.count}: ${taken.length + skipped.length} candidates`);
  await checkInstances(taken, settings, ctx.runImages);
  const bases = new CommitBases(taken, ctx.runImages, hooks.log);
  const slots = settings.mode.concurrency;
  const order = judgingOrder(taken);
  const ahead = new BasesAhead(taken, order, settings, ctx.runImages && makeAhead(ctx, ctx.runImages));
  const turns = new Turns(order.length);
  const judging = {
    ...ctx,
    engine: slotted(ctx.engine, slots),
    commitCandidates: (commit) => bases.candidates(commit),
    baseMade: (candidate) => ahead.made(candidate)
  };
  const own = runOwnImages(settings);
  const images = new LineImages(order.map((index) => lineImage(taken[index], own)), ctx, hooks.log);
  let done = 0;
  hooks.judged?.(done, taken.length);
  const progress = new ProgressMeter(taken.length, () => performance.now());
  const results = new Array(taken.length);
  images.start();
  const runImage = firstRunImage(taken[order[0]], settings);
  if (runImage)
    void ctx.prepareImage(runImage);
  let stopped = false;
  const judgeOne = async (index, position) => {
    const item = taken[index];
    images.starting(position);
    let judged;
    try {
      judged = "status" in item ? item : await judgeCandidate(item, { ...judging, engine: turns.engine(judging.engine, position) });
    } finally {
      turns.pass(position);
    }
    if (stopped)
      return;
    const result = "status" in item || !hooks.fingerprint ? judged : newResult({ ...judged, fingerprint: hooks.fingerprint(item) });
    hooks.finished?.(result);
    const at = ++done;
    hooks.judged?.(at, taken.length);
    await bases.done(item);
    await images.done(position);
    const line = progress.finished(result.status);
    if (taken.length <= PER_CANDIDATE_UP_TO)
      hooks.log(`[${at}/${taken.length}] ${result.id}: ${result.status} (${(result.duration_ms / 1e3).toFixed(2)} s)`);
    else if (line)
      hooks.log(line);
    const event = {
      event: "sandbox-gate.candidate",
      run: ctx.runId,
      candidate: result.id,
      code_length: "status" in item ? 0 : item.text.length,
      status: result.status,
      exit: result.exit_code,
      duration_ms: result.duration_ms
    };
    if (hooks.audit)
      hooks.audit(event);
    else
      hooks.log(JSON.stringify(event));
    results[index] = result;
  };
  await mapLimit(order, slots + PREPARED_AHEAD, (index, position) => judgeOne(index, position).catch((error) => {
    stopped = true;
    throw error;
  }));
  const [firstBaseline] = await ctx.baselineRuns.all();
  return {
    results,
    skipped,
    decision: decide(results, settings.reports.failOn),
    ...firstBaseline && { base: reportedBase(firstBaseline) }
  };
}
function makeAhead(ctx, runImages) {
  const { image } = ctx.settings.run;
  return (name) => void runImages.image(image, "tree", ctx.testFiles, runImages.commit(name), knownImageWorkdir(image)).catch(() => {
  });
}
;
const ACTION_ONLY = [
  "source",
  "files",
  "authors",
  "comment",
  "github-token",
  "merge",
  "decide",
  "rejudge",
  "comment-key",
  "post-report",
  "matrix"
];
const BATCH_ONLY = [
  "max-candidates",
  "fail-on",
  "shard",
  "baseline",
  "report",
  "junit",
  "audit-log",
  "pass-at-k",
  "swe-bench-report",
  "resume"
];
const INPUTS = Object.keys(DEFAULTS);
const left = (out) => (name) => !out.includes(name);
const CLI_INPUTS = INPUTS.filter(left(ACTION_ONLY));
const LIBRARY_INPUTS = CLI_INPUTS.filter(left(BATCH_ONLY));
;
const OPTIONS = new Map(LIBRARY_INPUTS.map((input) => [camelCase(input), input]));
const checkCandidate = checker(DATASET_SCHEMA, "the candidate");
async function asOptions(work) {
  try {
    return await work();
  } catch (error) {
    throw error instanceof errors_InputError ? error.in("library") : error;
  }
}
function optionInputs(options) {
  const inputs = /* @__PURE__ */ new Map();
  for (const [key, value] of Object.entries(options)) {
    if (key === "log" || value === void 0)
      continue;
    const input = OPTIONS.get(key);
    if (!input) {
      const meant = OPTIONS.has(camelCase(key)) ? ` (did you mean '${camelCase(key)}'?)` : "";
      throw new TypeError(`sandbox-gate: '${key}' is not an option of openSandbox${meant}`);
    }
    inputs.set(input, inputValue(input, value));
  }
  return inputs;
}
const DURATION_OPTIONS = /* @__PURE__ */ new Set(["timeout", "setup-timeout"]);
function inputValue(input, value) {
  if (typeof value === "string")
    return value;
  if (typeof value === "number" && DURATION_OPTIONS.has(input))
    return `${value}s`;
  if (typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (input === "protect" && Array.isArray(value) && value.length === 0)
    return OFF_TOKEN;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.join("\n");
  throw new errors_InputError(input, "must be a string, a number, true or false, or a list of strings", "library");
}
async function openSandbox(options = {}) {
  const log = options.log ?? (() => {
  });
  const settings = await asOptions(async () => {
    const inputs = optionInputs(options);
    return readSettings((name) => inputs.get(name) ?? "", { defaultWorkdir: process.cwd() });
  });
  const runId = `lib-${(0, external_node_crypto_namespaceObject.randomBytes)(6).toString("hex")}`;
  const run2 = await asOptions(() => run_openRun(settings, runId, log));
  const slots = new Slots(settings.mode.concurrency);
  const inFlight = /* @__PURE__ */ new Set();
  const kill = containerKiller(settings.mode.engine);
  let judged = 0;
  let closed = false;
  const sandbox = {
    judge(candidate, { signal } = {}) {
      if (closed)
        return Promise.reject(new Error("sandbox-gate: judge() after close()"));
      if (signal?.aborted)
        return aborted(signal);
      const id = candidate.id ?? `judge-${++judged}`;
      const entry = datasetEntry({ ...candidate, id }, "judge()", id, checkCandidate);
      if ("problem" in entry)
        return Promise.reject(new TypeError(`sandbox-gate: judge(): ${entry.problem.problem}`));
      const context = signal ? { ...run2.context, engine: cancellable(run2.context.engine, signal, kill) } : run2.context;
      const work = () => signal?.aborted ? aborted(signal) : pipeline_judgeCandidate(entry.candidate, context);
      const judging = asOptions(() => slots.run(work));
      inFlight.add(judging);
      const settled = judging.finally(() => inFlight.delete(judging));
      return signal ? untilAborted(settled, signal) : settled;
    },
    [Symbol.asyncDispose]: () => sandbox.close(),
    async close() {
      if (closed)
        return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      const left2 = await run2.close();
      for (const failure of left2.containers)
        log(`a container of label ${job_RUN_LABEL}=${runId} stayed: ${failure}`);
      for (const failure of left2.images)
        log(`an image of label ${job_RUN_LABEL}=${runId} stayed: ${failure}`);
    }
  };
  return sandbox;
}
const KILL_AGAIN_MS = 250;
function cancellable(engine, signal, kill) {
  return {
    hasImage: (image) => engine.hasImage(image),
    pull: (image) => engine.pull(image),
    async run(job, hooks = {}) {
      let name;
      let ended = false;
      const killing = async () => {
        for (; !ended; await (0, promises_namespaceObject.setTimeout)(KILL_AGAIN_MS))
          if (name !== void 0)
            await kill(name);
      };
      const onAbort = () => void killing();
      if (signal.aborted)
        onAbort();
      else
        signal.addEventListener("abort", onAbort, { once: true });
      const onContainer = (given) => {
        name = given;
        hooks.onContainer?.(given);
      };
      try {
        return await engine.run(job, { ...hooks, onContainer });
      } finally {
        ended = true;
        signal.removeEventListener("abort", onAbort);
      }
    }
  };
}
function aborted(signal) {
  return Promise.reject(signal.reason);
}
function untilAborted(work, signal) {
  return new Promise((resolve2, reject) => {
    const onAbort = () => void aborted(signal).catch(reject);
    signal.addEventListener("abort", onAbort, { once: true });
    void work.then(resolve2, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
class Slots {
  #free;
  #waiting = [];
  constructor(size) {
    this.#free = Math.max(1, size);
  }
  async run(work) {
    if (this.#free > 0)
      this.#free--;
    else
      await new Promise((resolve2) => this.#waiting.push(resolve2));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next)
        next();
      else
        this.#free++;
    }
  }
}
var __webpack_exports__InputError = __webpack_exports__.d;
var __webpack_exports__openSandbox = __webpack_exports__.E;
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  InputError,
  openSandbox
});
