package mail

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTMLToText renders an HTML body as readable plain text: block elements start new
// lines, <br> breaks, list items get "- ", table cells are separated by spaces, and
// <blockquote> lines are prefixed with "> " so quoted history stays recognisable (and
// is dropped by FreshText like any quoted reply). <style>, <script> and <head> are
// skipped, entities decoded, whitespace collapsed outside <pre>.
func HTMLToText(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return src
	}
	w := &textWriter{}
	w.walk(doc)
	return w.finish()
}

type textWriter struct {
	lines  []string
	cur    strings.Builder
	depth  int  // blockquote depth
	pre    int  // inside <pre>
	space  bool // a collapsed space is pending
	inLine bool // cur holds text
	blank  bool // a blank line is wanted before the next text
	// blankDepth is the quote depth where the blank line was asked for, so the blank
	// before a quote is not itself quoted.
	blankDepth int
}

func (w *textWriter) text(s string) {
	if w.pre > 0 {
		for i, part := range strings.Split(s, "\n") {
			if i > 0 {
				w.newline()
			}
			if part != "" {
				w.start()
				w.cur.WriteString(part)
			}
		}
		return
	}
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r', '\f':
			if w.inLine {
				w.space = true
			}
			continue
		case '\u00a0':
			// A non-breaking space is kept (as a plain space): Outlook marks an empty
			// line with a paragraph holding only &nbsp;.
			r = ' '
		}
		w.start()
		if w.space {
			w.cur.WriteByte(' ')
			w.space = false
		}
		w.cur.WriteRune(r)
	}
}

// start opens a line (with the quote prefix) if none is open.
func (w *textWriter) start() {
	if w.inLine {
		return
	}
	if w.blank && len(w.lines) > 0 {
		w.lines = append(w.lines, strings.TrimRight(strings.Repeat("> ", min(w.depth, w.blankDepth)), " "))
	}
	w.blank = false
	w.cur.WriteString(strings.Repeat("> ", w.depth))
	w.inLine = true
	w.space = false
}

func (w *textWriter) newline() {
	if !w.inLine {
		w.start()
	}
	w.lines = append(w.lines, strings.TrimRight(w.cur.String(), " "))
	w.cur.Reset()
	w.inLine, w.space = false, false
}

// block ends the current line, if any; paragraph-like blocks also want a blank line.
func (w *textWriter) block(para bool) {
	if w.inLine {
		w.newline()
	}
	if para {
		if !w.blank {
			w.blankDepth = w.depth
		}
		w.blank = true
	}
}

func (w *textWriter) finish() string {
	if w.inLine {
		w.newline()
	}
	// trim leading/trailing blank lines
	lines := w.lines
	for len(lines) > 0 && strings.Trim(lines[0], "> ") == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.Trim(lines[len(lines)-1], "> ") == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

func (w *textWriter) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		w.text(n.Data)
		return
	case html.CommentNode, html.DoctypeNode:
		return
	case html.ElementNode:
		switch n.DataAtom {
		case atom.Style, atom.Script, atom.Head, atom.Title, atom.Template, atom.Noscript:
			return
		case atom.Br:
			w.newline()
			return
		case atom.Hr:
			w.block(false)
			w.text("----")
			w.block(false)
			return
		case atom.Img:
			if alt := attr(n, "alt"); alt != "" {
				w.text("[" + alt + "]")
			}
			return
		}
	}
	before, after, para := blockKind(n)
	if before {
		w.block(para)
	}
	quote := isQuoteBlock(n)
	if quote {
		w.depth++
	}
	switch n.DataAtom {
	case atom.Pre:
		w.pre++
	case atom.Li:
		w.start()
		w.cur.WriteString("- ")
		w.space = false
	case atom.Td, atom.Th:
		if n.PrevSibling != nil {
			w.space = w.inLine
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c)
	}
	if quote {
		w.block(true)
		w.depth--
	}
	switch n.DataAtom {
	case atom.Pre:
		w.pre--
	case atom.A:
		// Keep a link's target when it differs from its text: "see the guide (https://…)".
		if href := attr(n, "href"); strings.HasPrefix(href, "http") && !strings.Contains(textOf(n), href) {
			w.text(" (" + href + ")")
		}
	}
	if after {
		w.block(para)
	}
}

// isQuoteBlock reports whether an element holds quoted history: a <blockquote>,
// or the <div> Yahoo Mail wraps its quote in (class and id "…yahoo_quoted…",
// the attribution inside), which no ">" would mark otherwise.
func isQuoteBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Blockquote:
		return true
	case atom.Div:
		return strings.Contains(attr(n, "class"), "yahoo_quoted") || strings.Contains(attr(n, "id"), "yahoo_quoted")
	}
	return false
}

// blockKind says whether an element breaks the line before/after and whether it is a
// paragraph (surrounded by blank lines).
func blockKind(n *html.Node) (before, after, para bool) {
	if n.Type != html.ElementNode {
		return false, false, false
	}
	if n.DataAtom == atom.P && strings.Contains(attr(n, "class"), "MsoNormal") {
		// Outlook writes every line as <p class=MsoNormal> with zero margins.
		return true, true, false
	}
	switch n.DataAtom {
	case atom.P, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Table, atom.Pre, atom.Blockquote:
		return true, true, true
	case atom.Div, atom.Li, atom.Tr, atom.Section, atom.Article, atom.Header, atom.Footer,
		atom.Dl, atom.Dt, atom.Dd, atom.Address, atom.Center, atom.Form, atom.Fieldset, atom.Caption:
		return true, true, false
	}
	return false, false, false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var f func(*html.Node)
	f = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			f(c)
		}
	}
	f(n)
	return b.String()
}
