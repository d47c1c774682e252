#!/usr/bin/env python3
"""bench/mutgen.py - mutants made by rule on the lines a change touched.

Where tests/mutants/ keeps the slips a test's author thought of, this
makes the ones nobody chose: every mutant of a few operator classes on
each line of src/ (and bench/*.sh) that differs from a base commit, one
change a mutant, text-level.  A seeded sample of them is run through
bench/mutants.sh (its scratch copy, baseline and incremental rebuild),
each against the tests of its file's area alone (bench/mutgen-areas.txt),
and counted killed, survived, does not build or equivalent (marked by
hand in bench/mutgen-equivalent.txt).  It may call git, python's
standard library and bench/mutants.sh; bench/mutgen.sh is its front.

The operators, on code only (comments, strings, character constants and
preprocessor lines are left alone):
  rel     a relational operator's bound moved (< <=, > >=) or negated
          (< >=, == !=, ...); in shell, -lt -le -gt -ge -eq -ne
  arith   + - and * / swapped, += -=, ++ --
  logic   && || swapped, a ! dropped, a condition negated
  const   an integer or decimal constant + 1, - 1, and 0 for a non-zero
  stmt    a statement that calls or assigns replaced by ;
  args    two neighbouring arguments of a call swapped where they look
          alike (both names, both numbers or both strings)
  return  a returned value replaced (0, or 1 for a 0; true and false)

A mutant's id is stable while its line is: the file, the function it is
in, a hash of the line's text (and which of equal lines), the operator
and its occurrence on the line; never a line number.
"""

import argparse
import difflib
import hashlib
import os
import random
import re
import signal
import subprocess
import sys
import tempfile

PROG = "bench/mutgen.sh"
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def die(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(2)


# ---------------------------------------------------------------- masking

def mask_c(lines):
    """Each line with comments, strings and character constants blanked
    (kept the same length; a string's quotes stay), and whether the line
    is a preprocessor line (or continues one)."""
    out, pre = [], []
    in_comment = False
    in_macro = False
    for text in lines:
        m = []
        i, n = 0, len(text)
        stripped = text.lstrip()
        is_pre = in_macro or (not in_comment and stripped.startswith("#"))
        while i < n:
            c = text[i]
            if in_comment:
                if text.startswith("*/", i):
                    m.append("  ")
                    i += 2
                    in_comment = False
                else:
                    m.append(" ")
                    i += 1
            elif text.startswith("/*", i):
                in_comment = True
                m.append("  ")
                i += 2
            elif text.startswith("//", i):
                m.append(" " * (n - i))
                i = n
            elif c in "\"'":
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if text[j] == "\\" else 1
                j = min(j, n - 1)
                m.append(c + " " * (j - i - 1) + text[j])
                i = j + 1
            else:
                m.append(c)
                i += 1
        masked = "".join(m)
        out.append(masked)
        pre.append(is_pre)
        in_macro = is_pre and text.rstrip().endswith("\\")
    return out, pre


def mask_sh(lines):
    """Shell: comments and quoted text blanked (a here-document's body is
    not recognised: a rare slip there is a false mutant, not a wrong one)."""
    out = []
    for text in lines:
        m = []
        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if c == "#" and (i == 0 or text[i - 1] in " \t;"):
                m.append(" " * (n - i))
                break
            if c in "\"'":
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if (text[j] == "\\" and c == '"') else 1
                j = min(j, n - 1)
                m.append(c + " " * (j - i - 1) + text[j])
                i = j + 1
                continue
            m.append(c)
            i += 1
        out.append("".join(m))
    return out, [False] * len(lines)


# --------------------------------------------------------------- functions

C_FUNC = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(")
SH_FUNC = re.compile(r"^\s*([A-Za-z_]\w*)\s*\(\)")
C_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case"}


def functions(masked, shell):
    """The name of the function (or file scope, '-') each line is in:
    a C definition starts at column 0, a shell one is NAME(); either
    ends at a } in column 0."""
    names, cur = [], "-"
    for text in masked:
        if text.startswith("}"):
            names.append(cur)  # the function's last line, then file scope
            cur = "-"
            continue
        if shell:
            m = SH_FUNC.match(text)
            if m and not text.rstrip().endswith("}"):  # not a function of one line
                cur = m.group(1)
        else:
            m = C_FUNC.match(text)
            if m and m.group(1) not in C_KEYWORDS and not text.rstrip().endswith(";"):
                cur = m.group(1)
        names.append(cur)
    return names


# --------------------------------------------------------------- operators

TYPE_WORDS = r"(?:static|const|extern|unsigned|signed|volatile|register|char|short|int|long|" \
             r"float|double|void|bool|_Bool|size_t|ssize_t|struct|enum|union|FILE|[a-z_]\w*_t)"
DECL = re.compile(r"^\s*" + TYPE_WORDS + r"\b")
OPERAND_END = re.compile(r"[\w\)\]]\s*$")
IDENT_CH = re.compile(r"\w")


def binary_at(masked, i):
    """Whether the operator at i follows an operand (a binary operator)."""
    return OPERAND_END.search(masked[:i]) is not None and \
        not re.search(r"\b(return|case|sizeof)\s*$", masked[:i])


def rel_ops(masked):
    res = []
    for m in re.finditer(r"<=|>=|==|!=|<<=?|>>=?|->|<|>", masked):
        op, i = m.group(0), m.start()
        if op in ("<<", ">>", "<<=", ">>=", "->"):
            continue
        if op in ("<", ">") and (masked[i + 1:i + 2] == "=" or masked[i - 1:i] in "<>-"):
            continue
        swaps = {"<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="], ">=": [">", "<"],
                 "==": ["!="], "!=": ["=="]}[op]
        for s in swaps:
            res.append(("rel", i, len(op), s))
    return res


def rel_ops_sh(masked):
    res = []
    for m in re.finditer(r"(?<![\w-])-(lt|le|gt|ge|eq|ne)\b", masked):
        op = m.group(1)
        swaps = {"lt": ["le", "ge"], "le": ["lt", "gt"], "gt": ["ge", "le"], "ge": ["gt", "lt"],
                 "eq": ["ne"], "ne": ["eq"]}[op]
        for s in swaps:
            res.append(("rel", m.start(), len(m.group(0)), "-" + s))
    return res


def arith_ops(masked):
    res = []
    for m in re.finditer(r"\+\+|--|\+=|-=|\*=|/=|->|[+\-*/]", masked):
        op, i = m.group(0), m.start()
        if op == "->":
            continue
        if op in ("++", "--"):
            res.append(("arith", i, 2, "--" if op == "++" else "++"))
            continue
        if op in ("+=", "-=", "*=", "/="):
            res.append(("arith", i, 2, {"+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="}[op]))
            continue
        if not binary_at(masked, i):
            continue
        if op == "*" and not (masked[i - 1:i] == " " and masked[i + 1:i + 2] == " "):
            continue  # a pointer's star (char *p), not a product (a * b)
        res.append(("arith", i, 1, {"+": "-", "-": "+", "*": "/", "/": "*"}[op]))
    return res


def paren_close(masked, i):
    """The index of the parenthesis closing the one at i, on this line."""
    depth = 0
    for j in range(i, len(masked)):
        if masked[j] == "(":
            depth += 1
        elif masked[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


def logic_ops(masked, shell):
    res = []
    for m in re.finditer(r"&&|\|\|", masked):
        res.append(("logic", m.start(), 2, "||" if m.group(0) == "&&" else "&&"))
    if shell:
        for m in re.finditer(r"(?:^|\s)(!)\s", masked):
            res.append(("logic", m.start(1), 2, ""))
        return res
    for m in re.finditer(r"!(?!=)", masked):
        res.append(("logic", m.start(), 1, ""))
    for m in re.finditer(r"\b(if|while)\s*\(", masked):
        o = m.end() - 1
        c = paren_close(masked, o)
        if c > o + 1:
            res.append(("logic", o + 1, c - o - 1, None))  # negated: filled in below
    return res


NUM = re.compile(r"(?<![\w.])(0[xX][0-9a-fA-F]+|\d+\.\d*(?:[eE][+-]?\d+)?|\d+(?:[eE][+-]?\d+)?)"
                 r"([uUlLfF]*)(?![\w.])")


def const_ops(masked, shell):
    res = []
    decl = DECL.match(masked) is not None
    for m in NUM.finditer(masked):
        lit, suf, i = m.group(1), m.group(2), m.start()
        if masked[i - 1:i] == "-" and not binary_at(masked, i - 1):
            lit, i = "-" + lit, i - 1  # a negative constant: -1 becomes 0 and -2
        if decl and masked[i - 1:i] == "[":
            continue  # an array's size in a declaration
        if shell and (masked[m.end():m.end() + 1] in "><" or masked[i - 1:i] in "&><$"):
            continue  # a file descriptor (2>, >&2) or a parameter ($0)
        if lit.lower().lstrip("-").startswith("0x"):
            v = int(lit, 16)
            if v < 0:
                continue
            news = ["0x%x" % (v + 1)] + (["0x%x" % (v - 1), "0"] if v else [])
        elif "." in lit or (("e" in lit or "E" in lit) and not shell):
            v = float(lit)
            news = [repr(v + 1), repr(v - 1)] + (["0.0"] if v else [])
        else:
            v = int(lit)
            news = [str(v + 1)] + ([str(v - 1), "0"] if v else [])
        for s in news:
            if s.startswith("-") and masked[i - 1:i] in "-+":
                continue
            res.append(("const", i, len(lit), s if s == "0" else s + suf))
    return res


STMT = re.compile(r"^\s*(?!return\b|break\b|continue\b|goto\b|case\b|default\b|else\b|do\b)"
                  r"[A-Za-z_*(].*;\s*$")


def stmt_ops(masked, prev, shell):
    """The whole line's statement replaced by ; (a call or an assignment
    that starts after a line that ended one and ends on this line)."""
    if shell:
        return []
    code = masked.strip()
    if not STMT.match(masked) or DECL.match(masked) or code.startswith("for"):
        return []
    if paren_close_all(code) != 0:
        return []
    if not (re.search(r"\w\s*\(", code) or re.search(r"[^=!<>]=[^=]|\+\+|--|[-+*/|&]=", code)):
        return []
    if re.match(r"^\s*(if|while|switch)\b", masked):
        return []
    if prev is not None and not re.search(r"[;{}:)]\s*$|^\s*$", prev):
        return []
    start = len(masked) - len(masked.lstrip())
    end = len(masked.rstrip())
    return [("stmt", start, end - start, ";")]


def paren_close_all(code):
    d = 0
    for ch in code:
        d += ch == "("
        d -= ch == ")"
    return d


def split_args(masked, o, c):
    """The top-level arguments between parentheses o and c: (start, end) pairs."""
    args, depth, s = [], 0, o + 1
    for j in range(o + 1, c):
        ch = masked[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append((s, j))
            s = j + 1
    args.append((s, c))
    return args


def kind(arg):
    a = arg.strip()
    if re.fullmatch(r"[A-Za-z_]\w*((->|\.)[A-Za-z_]\w*)*", a):
        return "name"
    if NUM.fullmatch(a) or re.fullmatch(r"-?\d+(\.\d*)?[uUlLfF]*", a):
        return "number"
    if re.fullmatch(r'"\s*"', a):
        return "string"
    return None


def args_ops(masked, text):
    res = []
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*\(", masked):
        if m.group(1) in C_KEYWORDS:
            continue
        o = m.end() - 1
        c = paren_close(masked, o)
        if c < 0:
            continue
        args = split_args(masked, o, c)
        for (a0, a1), (b0, b1) in zip(args, args[1:]):
            ka, kb = kind(masked[a0:a1]), kind(masked[b0:b1])
            ta, tb = text[a0:a1].strip(), text[b0:b1].strip()
            if ka and ka == kb and ta != tb:
                sa, sb = a0 + len(text[a0:a1]) - len(text[a0:a1].lstrip()), \
                    b0 + len(text[b0:b1]) - len(text[b0:b1].lstrip())
                res.append(("args", sa, (sb + len(tb)) - sa,
                            tb + text[sa + len(ta):sb] + ta))
    return res


def return_ops(masked, text):
    m = re.search(r"\breturn\s+(.+?)\s*;", masked)
    if not m:
        return []
    val = text[m.start(1):m.end(1)]
    if val == "true":
        new = ["false"]
    elif val == "false":
        new = ["true"]
    elif val in ("0", "0.0", "NULL"):
        new = ["1"] if val != "NULL" else []
    else:
        new = ["0"]
    return [("return", m.start(1), m.end(1) - m.start(1), s) for s in new]


def line_mutants(text, masked, prev, shell):
    """Every mutant of one line: (op, start, length, replacement)."""
    if not masked.strip():
        return []
    if shell:
        ops = rel_ops_sh(masked) + logic_ops(masked, True) + const_ops(masked, True)
    else:
        ops = rel_ops(masked) + arith_ops(masked) + logic_ops(masked, False) + \
            const_ops(masked, False) + stmt_ops(masked, prev, False) + \
            args_ops(masked, text) + return_ops(masked, text)
    out, made = [], set()
    order = {"rel": 0, "arith": 1, "logic": 2, "const": 3, "stmt": 4, "args": 5, "return": 6}
    for op, i, n, new in sorted(ops, key=lambda t: (order[t[0]], t[1], t[3] or "")):
        if new is None:
            new = "!(" + text[i:i + n] + ")"
        line = text[:i] + new + text[i + n:]
        if text[i:i + n] == new or line in made:
            continue  # one mutant for each line it makes
        made.add(line)
        out.append((op, i, n, new))
    return out


# ---------------------------------------------------------------- mutants

class Mutant:
    def __init__(self, path, lineno, func, mid, op, text, new_text):
        self.path, self.lineno, self.func, self.id = path, lineno, func, mid
        self.op, self.text, self.new_text = op, text, new_text
        self.area = None

    def describe(self):
        return "%s:%d %s: %s -> %s" % (self.path, self.lineno, self.op,
                                       self.text.strip(), self.new_text.strip())

    def diff(self, lines):
        # The text after the last newline: nothing, in a file that ends with one.
        old = lines[:-1] if lines and lines[-1] == "" else list(lines)
        new = list(old)
        new[self.lineno - 1] = self.new_text
        d = difflib.unified_diff([l + "\n" for l in old], [l + "\n" for l in new],
                                 "a/" + self.path, "b/" + self.path, n=3)
        return "diff --git a/%s b/%s\n" % (self.path, self.path) + "".join(d)


def file_mutants(path, lines, wanted=None):
    """The mutants of lines `wanted` (1-based line numbers; None: all) of
    one file's text, in the file's order.  The id's last field counts the
    operator's mutants on the line."""
    shell = path.endswith(".sh")
    masked, pre = (mask_sh if shell else mask_c)(lines)
    funcs = functions(masked, shell)
    seen = {}
    res = []
    prev = None
    for k, text in enumerate(lines):
        key = (funcs[k], " ".join(text.split()))
        seen[key] = seen.get(key, 0) + 1
        code_prev = prev
        if masked[k].strip() and not pre[k]:
            prev = masked[k]
        if pre[k] or (wanted is not None and k + 1 not in wanted):
            continue
        h = hashlib.sha1(key[1].encode()).hexdigest()[:8]
        if seen[key] > 1:
            h += "#%d" % seen[key]
        for op, i, n, new in line_mutants(text, masked[k], code_prev, shell):
            mid = "%s:%s:%s:%s:0" % (path, funcs[k], h, op)
            res.append(Mutant(path, k + 1, funcs[k], mid, op, text,
                              text[:i] + new + text[i + n:]))
    per = {}
    for m in res:
        base = m.id.rsplit(":", 1)[0]
        per[base] = per.get(base, 0) + 1
        m.id = "%s:%d" % (base, per[base])
    return res


def git(*args):
    r = subprocess.run(("git", "-C", TOP) + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode != 0:
        die("git %s: %s" % (" ".join(args), r.stderr.strip()))
    return r.stdout


def touched(base):
    """{path: set of line numbers} the working tree's src/ and bench/*.sh
    lines that differ from base."""
    out = git("diff", "-U0", "--no-color", "--no-ext-diff", base, "--", "src", "bench/*.sh")
    res, path = {}, None
    for line in out.split("\n"):
        if line.startswith("+++ "):
            p = line[4:]
            path = p[2:] if p.startswith("b/") else None
            if path and not re.search(r"\.(c|h|sh)$", path):
                path = None
        elif line.startswith("@@") and path:
            m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", line)
            start, n = int(m.group(1)), int(m.group(2) or "1")
            res.setdefault(path, set()).update(range(start, start + n))
    return res


def read_lines(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read().split("\n")


# ----------------------------------------------------------------- areas

def read_areas(path):
    """Lines 'PREFIX TEST...' (a src/ folder or file, or bench/; tests as
    folders tests/NAME/ or single tests), # comments."""
    areas = []
    for n, line in enumerate(read_lines(path), 1):
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        if len(line) < 2:
            die("%s:%d: an area needs a prefix and its tests" % (path, n))
        areas.append((line[0], line[1:]))
    return areas


def all_tests():
    """The tests make check runs, as tests/Makemodule.am lists them."""
    text = open(os.path.join(TOP, "tests/Makemodule.am")).read().replace("\\\n", " ")
    tests = []
    for line in text.split("\n"):
        m = re.match(r"\s*TESTS\s*\+?=(.*)", line)
        if m:
            tests += re.findall(r"tests/[\w./+-]+", m.group(1))
    return tests


def area_of(path, areas):
    best = None
    for prefix, tests in areas:
        if path == prefix or path.startswith(prefix.rstrip("/") + "/"):
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, tests)
    return best


def area_tests(entries, tests):
    res = []
    for e in entries:
        if e.endswith("/"):
            res += [t for t in tests if t.startswith(e)]
        elif e in tests:
            res.append(e)
    return res


def read_equivalent(path):
    """Lines 'ID REASON...'; # comments."""
    eq = {}
    if not os.path.exists(path):
        return eq
    for line in read_lines(path):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split(None, 1)
        eq[parts[0]] = parts[1].strip() if len(parts) > 1 else "(no reason given)"
    return eq


# ------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(prog=PROG, description="Mutants generated on the lines a "
                                 "change touched, run against the tests of their area.")
    ap.add_argument("--base", default="HEAD", help="the commit the change starts from "
                    "(the working tree is compared with it; default HEAD)")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="run a seeded random sample of N mutants (default all)")
    ap.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    ap.add_argument("--list", action="store_true", help="list the mutants (the sample), run none")
    ap.add_argument("--diffs", action="store_true", help="with --list, each mutant's diff too")
    ap.add_argument("--file", action="append", default=[], metavar="FILE",
                    help="every line of FILE instead of a change (a test of the generator)")
    ap.add_argument("-j", dest="jobs", default="2", help="make's jobs (default 2)")
    ap.add_argument("-d", dest="dir", default="", help="the scratch copy, kept between runs")
    ap.add_argument("-t", dest="limit", default="300",
                    help="the time limit of one mutant's tests, in seconds (default 300)")
    ap.add_argument("--id", action="append", default=[], metavar="ID",
                    help="only the mutant ID (as printed; repeatable): a survivor run again")
    ap.add_argument("--budget", type=int, default=0, metavar="SECS",
                    help="stop after SECS seconds and count the mutants run so far")
    ap.add_argument("--areas", default=os.path.join(TOP, "bench/mutgen-areas.txt"))
    ap.add_argument("--equivalent", default=os.path.join(TOP, "bench/mutgen-equivalent.txt"))
    a = ap.parse_args()
    if a.sample < 0:
        die("invalid --sample: expected a count")

    muts, texts = [], {}
    if a.file:
        for f in a.file:
            if not os.path.isfile(f):
                die("no file '%s'" % f)
            texts[f] = read_lines(f)
            muts += file_mutants(f, texts[f])
    else:
        for path, wanted in sorted(touched(a.base).items()):
            full = os.path.join(TOP, path)
            if not os.path.isfile(full):
                continue
            texts[path] = read_lines(full)
            muts += file_mutants(path, texts[path], wanted)
    if a.id:
        known = set(m.id for m in muts)
        for i in a.id:
            if i not in known:
                die("no mutant '%s' on the lines changed since %s" % (i, a.base))
        muts = [m for m in muts if m.id in a.id]
    total = len(muts)
    if a.sample and a.sample < total:
        # In the sample's own order: a run stopped early has run a sample too.
        muts = [muts[k] for k in random.Random(a.seed).sample(range(total), a.sample)]
    sys.stderr.write("%s: %d mutants on the lines changed, %d drawn\n" % (PROG, total, len(muts)))

    if a.list:
        for m in muts:
            print("%s  %s" % (m.id, m.describe()))
            if a.diffs:
                sys.stdout.write(m.diff(texts[m.path]))
        return 0

    areas = read_areas(a.areas)
    tests = all_tests()
    equiv = read_equivalent(a.equivalent)
    return run(a, muts, texts, areas, tests, equiv)


def run(a, muts, texts, areas, tests, equiv):
    if not muts:
        print("0 killed of 0 non-equivalent (100 %)")
        return 0
    tmp = tempfile.mkdtemp(prefix="ct-mutgen.")
    names = {}
    paths = []
    for k, m in enumerate(muts):
        ar = area_of(m.path, areas)
        if ar is None:
            die("%s has no area in %s" % (m.path, a.areas))
        m.area = ar[0]
        t = area_tests(ar[1], tests)
        if not t:
            die("area %s names no test make check runs" % ar[0])
        name = "m%03d" % (k + 1)
        names[name] = m
        p = os.path.join(tmp, name + ".diff")
        with open(p, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("Slip: %s (%s)\n" % (m.describe(), m.id))
            f.write("Killed-by: %s\n" % " ".join(t))
            if m.id in equiv:
                f.write("Equivalent: %s\n" % equiv[m.id])
            f.write(m.diff(texts[m.path]))
        paths.append(p)
    cmd = ["sh", os.path.join(TOP, "bench/mutants.sh"), "-k", "-n", "-j", a.jobs, "-t", a.limit]
    if a.dir:
        cmd += ["-d", a.dir]
    proc = subprocess.Popen(cmd + paths, stdout=subprocess.PIPE, universal_newlines=True)
    result = {}
    stopped = []
    if a.budget:
        def stop(signum, frame):
            stopped.append(1)
            proc.terminate()
        signal.signal(signal.SIGALRM, stop)
        signal.alarm(a.budget)
    for line in proc.stdout:
        m = re.match(r"(m\d+): (.*)", line.rstrip("\n"))
        if not m or m.group(1) not in names:
            continue
        mu, how = names[m.group(1)], m.group(2)
        if how.startswith("killed"):
            r = "killed"
        elif how.startswith("SURVIVED") and "equivalent:" in how:
            r = "equivalent"
        elif how.startswith("SURVIVED"):
            r = "survived"
        elif how.startswith("does not build"):
            r = "does not build"
        else:
            r = "does not apply"
        result[mu.id] = (r, how)
        print("%s  %s  [%s]  %s" % (mu.id, mu.describe(), mu.area, how), flush=True)
    st = proc.wait()
    signal.alarm(0)
    if stopped:
        sys.stderr.write("%s: stopped after %d s (--budget): %d of %d mutants run\n"
                         % (PROG, a.budget, len(result), len(muts)))
        muts = [m for m in muts if m.id in result]
    elif st not in (0, 1) or len(result) != len(muts):
        sys.stderr.write("%s: bench/mutants.sh ended with status %d after %d of %d mutants\n"
                         % (PROG, st, len(result), len(muts)))
        return 2
    print()
    summary(muts, result, texts)
    for p in paths:
        os.remove(p)
    os.rmdir(tmp)
    return 0


def figure(ms, result):
    k = sum(1 for m in ms if result[m.id][0] == "killed")
    s = sum(1 for m in ms if result[m.id][0] == "survived")
    extra = []
    for r in ("equivalent", "does not build", "does not apply"):
        n = sum(1 for m in ms if result[m.id][0] == r)
        if n:
            extra.append("%d %s" % (n, r))
    pct = 100.0 * k / (k + s) if k + s else 100.0
    return "%d killed of %d non-equivalent (%.0f %%)%s" % (
        k, k + s, pct, ("; " + ", ".join(extra)) if extra else "")


def summary(muts, result, texts):
    for area in sorted(set(m.area for m in muts)):
        ms = [m for m in muts if m.area == area]
        print("%s: %s" % (area, figure(ms, result)))
    print(figure(muts, result))
    surv = [m for m in muts if result[m.id][0] == "survived"]
    if surv:
        print("\nsurvivors:")
        for m in surv:
            print("%s  %s" % (m.id, m.describe()))
            sys.stdout.write(m.diff(texts[m.path]))


if __name__ == "__main__":
    sys.exit(main())
