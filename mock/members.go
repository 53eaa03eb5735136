package mock

import (
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
)

// members is an object WordPress builds differently from release to release (the
// labels of a post type or taxonomy, a post type's supports), declared once for every
// version: each member in output order, with its value in each version and the
// versions that have it. at prints it as one version does.
type members []member

// member is one key of such an object.
type member struct {
	key   string
	value rest.Changed[any]
	span  rest.Span
}

// kv is a member that every version has, with one value.
func kv(key string, value any) member {
	return member{key: key, value: rest.Changed[any]{Base: value}}
}

// from is a later value of a member: the value from version v on.
func from(v rest.Version, value any) rest.Step[any] { return rest.Step[any]{Since: v, Value: value} }

// changes gives the member the values later releases changed it to, oldest first.
func (m member) changes(steps ...rest.Step[any]) member {
	m.value.Steps = append(append([]rest.Step[any](nil), m.value.Steps...), steps...)
	return m
}

// since says a release added the member: the versions before v do not have it.
func (m member) since(v rest.Version) member { m.span.Since = v; return m }

// until says a release removed the member: only the versions before v have it.
func (m member) until(v rest.Version) member { m.span.Until = v; return m }

// with replaces members by key (the replacement keeps the replaced one's place) and
// adds the others at the end, as PHP's array_merge does with string keys.
func (ms members) with(over ...member) members {
	out := append(members(nil), ms...)
	for _, o := range over {
		replaced := false
		for i := range out {
			if out[i].key == o.key {
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

// at is the object as version v prints it.
func (ms members) at(v rest.Version) rest.Object {
	out := make(rest.Object, 0, len(ms))
	for _, m := range ms {
		if m.span.In(v) {
			out = append(out, rest.Member{Key: m.key, Value: m.value.At(v)})
		}
	}
	return out
}

// without is ms less the members of the given keys.
func (ms members) without(keys ...string) members {
	var out members
	for _, m := range ms {
		if !slices.Contains(keys, m.key) {
			out = append(out, m)
		}
	}
	return out
}
