// Package pagetest reads the HTML report as a browser would, for tests: the text of its
// elements and every reference it makes to something outside the file.
package pagetest

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// Page is an HTML report as parsed.
type Page struct {
	// Text maps an element's id to its text.
	Text map[string]string
	// All is the text of the whole page.
	All string
	// External lists the references to anything outside the page: a src, href, srcset,
	// action, poster or data attribute that is not a fragment, a <link>, a <base>, a CSS url()
	// or @import.
	External []string
	// Scripts counts the <script> elements.
	Scripts int
}

// cssReference finds what a style sheet loads.
var cssReference = regexp.MustCompile(`(?i)url\s*\(|@import`)

// Parse parses an HTML report.
func Parse(data []byte) (*Page, error) {
	root, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	p := &Page{Text: map[string]string{}}
	var all strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			all.WriteString(n.Data)
			all.WriteByte(' ')
			if n.Parent != nil && n.Parent.DataAtom.String() == "style" && cssReference.MatchString(n.Data) {
				p.External = append(p.External, "style: "+cssReference.FindString(n.Data))
			}
		case html.ElementNode:
			switch n.Data {
			case "script":
				p.Scripts++
			case "link", "base", "iframe", "object", "embed":
				p.External = append(p.External, "<"+n.Data+">")
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "src", "href", "srcset", "action", "poster", "data", "formaction":
					if !strings.HasPrefix(a.Val, "#") {
						p.External = append(p.External, fmt.Sprintf("%s=%q", a.Key, a.Val))
					}
				case "style":
					if cssReference.MatchString(a.Val) {
						p.External = append(p.External, "style="+a.Val)
					}
				case "id":
					p.Text[a.Val] = text(n)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	p.All = strings.Join(strings.Fields(all.String()), " ")
	return p, nil
}

// text returns the text below n, its words separated by single spaces.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
