package rest

import "unicode/utf8"

// PHP's json_last_error() codes and json_last_error_msg() messages for what
// json_decode($body, true) refuses. WP_REST_Request::parse_json_params puts both in
// the data of its rest_invalid_json error.
const (
	jsonErrorDepth         = 1  // an array or object nested 512 deep
	jsonErrorStateMismatch = 2  // "{" closed by "]", or "[" by "}"
	jsonErrorCtrlChar      = 3  // a raw control character (or the end of the body) in a string
	jsonErrorSyntax        = 4  // everything else the grammar refuses
	jsonErrorUTF8          = 5  // bytes that are not UTF-8
	jsonErrorUTF16         = 10 // a \u escape of a lone surrogate ("\ud800")
)

var jsonErrorMessages = map[int]string{
	jsonErrorDepth:         "Maximum stack depth exceeded",
	jsonErrorStateMismatch: "State mismatch (invalid or malformed JSON)",
	jsonErrorCtrlChar:      "Control character error, possibly incorrectly encoded",
	jsonErrorSyntax:        "Syntax error",
	jsonErrorUTF8:          "Malformed UTF-8 characters, possibly incorrectly encoded",
	jsonErrorUTF16:         "Single unpaired UTF-16 surrogate in unicode escape",
}

// jsonMaxDepth is json_decode's default $depth. PHP's parser starts at depth 1, so
// 511 levels of nesting decode and the 512th is refused.
const jsonMaxDepth = 512

// phpJSONError is json_last_error() after PHP 8's json_decode($body, true): 0 when the
// body decodes, else the code of the first error its scanner (ext/json
// json_scanner.re) or parser (json_parser.y) meets. Go's decoder is laxer (it
// replaces bad UTF-8 and lone surrogates with U+FFFD, and nests 10,000 deep), so a
// body is checked here before it is decoded.
func phpJSONError(body []byte) int {
	p := &phpJSON{b: body, depth: 1}
	t := p.scan()
	if code := p.value(t); code != 0 {
		return code
	}
	if t := p.scan(); t.kind != tokEOI {
		return t.err()
	}
	return 0
}

type tokKind int

const (
	tokError tokKind = iota
	tokEOI
	tokValue // a string, number, true, false or null
	tokString
	tokLBrace
	tokRBrace
	tokLBracket
	tokRBracket
	tokColon
	tokComma
)

var punctuation = [256]tokKind{'{': tokLBrace, '}': tokRBrace, '[': tokLBracket, ']': tokRBracket, ':': tokColon, ',': tokComma}

type jsonToken struct {
	kind tokKind
	code int // for tokError
}

// err is the error a parser meeting this token where it expected something else
// reports: the scanner's own code for a bad token, else a syntax error.
func (t jsonToken) err() int {
	if t.kind == tokError {
		return t.code
	}
	return jsonErrorSyntax
}

type phpJSON struct {
	b     []byte
	pos   int
	depth int
}

// value parses one value starting at t.
func (p *phpJSON) value(t jsonToken) int {
	switch t.kind {
	case tokValue, tokString:
		return 0
	case tokLBrace:
		return p.container(tokRBrace, tokRBracket, true)
	case tokLBracket:
		return p.container(tokRBracket, tokRBrace, false)
	}
	return t.err()
}

// container parses the rest of an object or array: members until the closing token;
// the other closing token is PHP's state mismatch.
func (p *phpJSON) container(end, mismatch tokKind, object bool) int {
	if p.depth >= jsonMaxDepth { // PHP_JSON_DEPTH_INC, before the next token is read
		return jsonErrorDepth
	}
	p.depth++
	t := p.scan()
	if t.kind == end {
		p.depth--
		return 0
	}
	if t.kind == mismatch {
		return jsonErrorStateMismatch
	}
	for {
		if object {
			if t.kind != tokString {
				return t.err()
			}
			if t = p.scan(); t.kind != tokColon {
				return t.err()
			}
			t = p.scan()
		}
		if code := p.value(t); code != 0 {
			return code
		}
		switch t = p.scan(); t.kind {
		case tokComma:
			t = p.scan()
		case end:
			p.depth--
			return 0
		case mismatch:
			return jsonErrorStateMismatch
		default:
			return t.err()
		}
	}
}

// scan reads the next token as php_json_scan does.
func (p *phpJSON) scan() jsonToken {
	for p.pos < len(p.b) && (p.b[p.pos] == ' ' || p.b[p.pos] == '\t' || p.b[p.pos] == '\r' || p.b[p.pos] == '\n') {
		p.pos++
	}
	if p.pos >= len(p.b) {
		return jsonToken{kind: tokEOI}
	}
	c := p.b[p.pos]
	switch c {
	case '{', '}', '[', ']', ':', ',':
		p.pos++
		return jsonToken{kind: punctuation[c]}
	case '"':
		p.pos++
		return p.str()
	case 'n', 't', 'f':
		for _, lit := range []string{"null", "true", "false"} {
			if len(p.b)-p.pos >= len(lit) && string(p.b[p.pos:p.pos+len(lit)]) == lit {
				p.pos += len(lit)
				return jsonToken{kind: tokValue}
			}
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if p.number() {
			return jsonToken{kind: tokValue}
		}
	}
	switch {
	case c < 0x20: // a NUL before the end is not the end either
		return jsonToken{code: jsonErrorCtrlChar}
	case c < utf8.RuneSelf:
		return jsonToken{code: jsonErrorSyntax}
	}
	if r, size := utf8.DecodeRune(p.b[p.pos:]); r == utf8.RuneError && size <= 1 {
		return jsonToken{code: jsonErrorUTF8}
	}
	return jsonToken{code: jsonErrorSyntax}
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, the longest match; a
// "." or "e" without digits after it is left for the next token.
func (p *phpJSON) number() bool {
	i := p.pos
	if p.b[i] == '-' {
		i++
	}
	switch {
	case i < len(p.b) && p.b[i] == '0':
		i++
	case i < len(p.b) && '1' <= p.b[i] && p.b[i] <= '9':
		for i < len(p.b) && isDigit(p.b[i]) {
			i++
		}
	default:
		return false // a lone "-"
	}
	if i+1 < len(p.b) && p.b[i] == '.' && isDigit(p.b[i+1]) {
		i += 2
		for i < len(p.b) && isDigit(p.b[i]) {
			i++
		}
	}
	if i < len(p.b) && (p.b[i] == 'e' || p.b[i] == 'E') {
		j := i + 1
		if j < len(p.b) && (p.b[j] == '+' || p.b[j] == '-') {
			j++
		}
		if j < len(p.b) && isDigit(p.b[j]) {
			for j < len(p.b) && isDigit(p.b[j]) {
				j++
			}
			i = j
		}
	}
	p.pos = i
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// str reads a string after its opening quote.
func (p *phpJSON) str() jsonToken {
	for {
		if p.pos >= len(p.b) {
			// the scanner meets the NUL that ends PHP's string: a control character
			return jsonToken{code: jsonErrorCtrlChar}
		}
		c := p.b[p.pos]
		switch {
		case c == '"':
			p.pos++
			return jsonToken{kind: tokString}
		case c < 0x20:
			return jsonToken{code: jsonErrorCtrlChar}
		case c == '\\':
			if code := p.escape(); code != 0 {
				return jsonToken{code: code}
			}
		case c < utf8.RuneSelf:
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.b[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return jsonToken{code: jsonErrorUTF8}
			}
			p.pos += size
		}
	}
}

// escape reads one escape sequence: the simple ones, \uXXXX, or a surrogate pair
// \uD8xx\uDCxx; a lone surrogate is PHP's UTF-16 error, anything else a syntax error.
func (p *phpJSON) escape() int {
	rest := p.b[p.pos+1:]
	if len(rest) > 0 {
		switch rest[0] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			p.pos += 2
			return 0
		}
	}
	u, ok := p.hex4(p.pos)
	if !ok {
		return jsonErrorSyntax
	}
	switch {
	case u >= 0xD800 && u <= 0xDBFF:
		if low, ok := p.hex4(p.pos + 6); ok && low >= 0xDC00 && low <= 0xDFFF {
			p.pos += 12
			return 0
		}
		return jsonErrorUTF16
	case u >= 0xDC00 && u <= 0xDFFF:
		return jsonErrorUTF16
	}
	p.pos += 6
	return 0
}

// hex4 reads \uXXXX at i.
func (p *phpJSON) hex4(i int) (rune, bool) {
	if i+6 > len(p.b) || p.b[i] != '\\' || p.b[i+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range p.b[i+2 : i+6] {
		if !isHex(c) {
			return 0, false
		}
		d := rune(c - '0')
		if c > '9' {
			d = rune(c|0x20-'a') + 10
		}
		r = r<<4 | d
	}
	return r, true
}
