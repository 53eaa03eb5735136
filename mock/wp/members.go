package wp

import (
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
	"slices"
)

// Members is an object WordPress builds differently from release to release (the
// labels of a post type or taxonomy, a post type's supports), declared once for every
// version: each member in output order, with its value in each version and the
// versions that have it. at prints it as one version does.
type Members []Member

// Member is one key of such an object.
type Member struct {
	Key   string
	Value wpversion.Changed[any]
	Span  wpversion.Span
}

// KV is a member that every version has, with one value.
func KV(key string, value any) Member {
	return Member{Key: key, Value: wpversion.Changed[any]{Base: value}}
}

// From is a later value of a member: the value from version v on.
func From(v wpversion.Version, value any) wpversion.Step[any] {
	return wpversion.Step[any]{Since: v, Value: value}
}

// Changes gives the member the values later releases changed it to, oldest first.
func (m Member) Changes(steps ...wpversion.Step[any]) Member {
	m.Value.Steps = append(append([]wpversion.Step[any](nil), m.Value.Steps...), steps...)
	return m
}

// Since says a release added the member: the versions before v do not have it.
func (m Member) Since(v wpversion.Version) Member { m.Span.Since = v; return m }

// Until says a release removed the member: only the versions before v have it.
func (m Member) Until(v wpversion.Version) Member { m.Span.Until = v; return m }

// With replaces members by key (the replacement keeps the replaced one's place) and
// adds the others at the end, as PHP's array_merge does with string keys.
func (ms Members) With(over ...Member) Members {
	out := append(Members(nil), ms...)
	for _, o := range over {
		replaced := false
		for i := range out {
			if out[i].Key == o.Key {
				out[i], replaced = o, true
				break
			}
		}
		if !replaced {
			out = append(out, o)
		}
	}
	return out
}

// At is the object as version v prints it.
func (ms Members) At(v wpversion.Version) wpfunc.Object {
	out := make(wpfunc.Object, 0, len(ms))
	for _, m := range ms {
		if m.Span.In(v) {
			out = append(out, wpfunc.Member{Key: m.Key, Value: m.Value.At(v)})
		}
	}
	return out
}

// Without is ms less the members of the given keys.
func (ms Members) Without(keys ...string) Members {
	var out Members
	for _, m := range ms {
		if !slices.Contains(keys, m.Key) {
			out = append(out, m)
		}
	}
	return out
}
