package mock

import (
	"net/http"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
)

// /wp/v2/taxonomies: WP_REST_Taxonomies_Controller. It lists every taxonomy WordPress
// shows in REST (create_initial_taxonomies), in each version: the two the mock serves
// and stores (taxonomyList: category, post_tag) and the ones it only describes
// (unservedTaxonomies, taxonomiesunserved.go: nav_menu, wp_pattern_category), whose
// wp:items links point where WordPress's do, at routes the mock answers with
// rest_no_route. Only taxonomyList drives routes, post fields and search.

// Error codes of the taxonomies controller.
const (
	// codeTaxonomyInvalid: GET /taxonomies/<slug> for a taxonomy that is not registered.
	codeTaxonomyInvalid = "rest_taxonomy_invalid"
)

// Messages of the taxonomies controller.
const (
	msgTaxonomyInvalid = "Invalid taxonomy."
	// msgManageTerms is both rest_cannot_view (list) and rest_forbidden_context (item).
	msgManageTerms = "Sorry, you are not allowed to manage terms in this taxonomy."
)

// taxonomy is a registered taxonomy (WP_Taxonomy) as the REST API shows it. Its REST
// name is $taxonomy->label, its labels' name.
type taxonomy struct {
	Slug, Description string
	Caps              rest.Object // $taxonomy->cap
	Labels            members     // get_taxonomy_labels, per version
	Types             []string    // object_type
	ShowCloud         bool
	Hierarchical      bool
	RestBase          string
	// Visibility in output order: public, publicly_queryable, show_admin_column,
	// show_in_nav_menus, show_in_quick_edit, show_ui (all true for both taxonomies).
	Visibility rest.Object
	// Shown is the versions that show the taxonomy in REST.
	Shown rest.Span
	// DefaultTerm is the term a post of a type in DefaultFor gets when it is saved
	// with none of the taxonomy's: default_category, which wp_set_post_categories
	// gives posts only; for a site's own taxonomy, register_taxonomy's default_term,
	// which wp_insert_post gives every type of the taxonomy. 0: none. The term cannot
	// be deleted, and a post losing its last term gets it again.
	DefaultTerm int
	DefaultFor  []string
	// Rewrite is the rewrite slug of the taxonomy's term links (/<Rewrite>/<slug>/);
	// RewriteHierarchical puts the ancestors' slugs before the term's.
	Rewrite             string
	RewriteHierarchical bool
}

// defaultTermFor is the term a post of the type gets when it has none of the
// taxonomy's (0: none).
func (t *taxonomy) defaultTermFor(typ string) int {
	if t.DefaultTerm != 0 && slices.Contains(t.DefaultFor, typ) {
		return t.DefaultTerm
	}
	return 0
}

// termMetaCaps are map_meta_cap's mappings of the term meta capabilities category and
// post_tag declare; every other taxonomy's caps are primitive.
var termMetaCaps = map[string]string{
	"assign_categories": "edit_posts", "assign_post_tags": "edit_posts",
	"edit_categories": "manage_categories", "edit_post_tags": "manage_categories",
	"delete_categories": "manage_categories", "delete_post_tags": "manage_categories",
}

// primitiveCap is $taxonomy->cap->{name} as map_meta_cap resolves it.
func (t *taxonomy) primitiveCap(name string) string {
	v, _ := t.Caps.Get(name)
	c, _ := v.(string)
	if p, ok := termMetaCaps[c]; ok {
		return p
	}
	return c
}

// assignCap is $taxonomy->cap->assign_terms (edit_posts for category and post_tag).
func (t *taxonomy) assignCap() string { return t.primitiveCap("assign_terms") }

// editCap is $taxonomy->cap->edit_terms (manage_categories for category and post_tag).
func (t *taxonomy) editCap() string { return t.primitiveCap("edit_terms") }

func termCaps(plural string) rest.Object {
	return rest.Object{{"manage_terms", "manage_" + plural}, {"edit_terms", "edit_" + plural},
		{"delete_terms", "delete_" + plural}, {"assign_terms", "assign_" + plural}}
}

func publicTaxonomyVisibility() rest.Object {
	return rest.Object{{"public", true}, {"publicly_queryable", true}, {"show_admin_column", true},
		{"show_in_nav_menus", true}, {"show_in_quick_edit", true}, {"show_ui", true}}
}

// Label texts both taxonomies share (get_taxonomy_labels defaults, en_US). 6.6 adds
// template_name ("<singular> Archives"); 6.8 drops "New" from add_new_item.
const (
	labelNameField = "The name is how it appears on your site."
	labelSlugField = "The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens."
	labelDescField = "The description is not prominent by default; however, some themes may show it."
)

// taxonomyList are the taxonomies the mock serves (routes, store, post fields,
// search), in registration order; WordPress lists them first.
var taxonomyList = []*taxonomy{
	{Slug: "category", Caps: termCaps("categories"), Types: []string{"post"}, ShowCloud: true,
		Hierarchical: true, RestBase: "categories", DefaultTerm: defaultCategory, DefaultFor: []string{"post"},
		Rewrite: "category", RewriteHierarchical: true, Visibility: publicTaxonomyVisibility(), Labels: members{
			kv("name", "Categories"), kv("singular_name", "Category"), kv("search_items", "Search Categories"),
			kv("popular_items", nil), kv("all_items", "All Categories"), kv("parent_item", "Parent Category"),
			kv("parent_item_colon", "Parent Category:"), kv("name_field_description", labelNameField),
			kv("slug_field_description", labelSlugField),
			kv("parent_field_description", "Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band."),
			kv("desc_field_description", labelDescField), kv("edit_item", "Edit Category"),
			kv("view_item", "View Category"), kv("update_item", "Update Category"),
			kv("add_new_item", "Add New Category").changes(from(rest.V68, "Add Category")),
			kv("new_item_name", "New Category Name"), kv("separate_items_with_commas", nil),
			kv("add_or_remove_items", nil), kv("choose_from_most_used", nil), kv("not_found", "No categories found."),
			kv("no_terms", "No categories"), kv("filter_by_item", "Filter by category"),
			kv("items_list_navigation", "Categories list navigation"), kv("items_list", "Categories list"),
			kv("most_used", "Most Used"), kv("back_to_items", "&larr; Go to Categories"), kv("item_link", "Category Link"),
			kv("item_link_description", "A link to a category."), kv("menu_name", "Categories"),
			kv("name_admin_bar", "category"), kv("template_name", "Category Archives").since(rest.V66),
		}},
	{Slug: "post_tag", Caps: termCaps("post_tags"), Types: []string{"post"}, ShowCloud: true,
		RestBase: "tags", Rewrite: "tag", Visibility: publicTaxonomyVisibility(), Labels: tagLabels},
}

// tagLabels are post_tag's labels, get_taxonomy_labels' non-hierarchical defaults
// (which nav_menu shares).
var tagLabels = members{
	kv("name", "Tags"), kv("singular_name", "Tag"), kv("search_items", "Search Tags"),
	kv("popular_items", "Popular Tags"), kv("all_items", "All Tags"), kv("parent_item", nil),
	kv("parent_item_colon", nil), kv("name_field_description", labelNameField),
	kv("slug_field_description", labelSlugField), kv("parent_field_description", nil),
	kv("desc_field_description", labelDescField), kv("edit_item", "Edit Tag"), kv("view_item", "View Tag"),
	kv("update_item", "Update Tag"), kv("add_new_item", "Add New Tag").changes(from(rest.V68, "Add Tag")),
	kv("new_item_name", "New Tag Name"),
	kv("separate_items_with_commas", "Separate tags with commas"),
	kv("add_or_remove_items", "Add or remove tags"),
	kv("choose_from_most_used", "Choose from the most used tags"), kv("not_found", "No tags found."),
	kv("no_terms", "No tags"), kv("filter_by_item", nil), kv("items_list_navigation", "Tags list navigation"),
	kv("items_list", "Tags list"), kv("most_used", "Most Used"), kv("back_to_items", "&larr; Go to Tags"),
	kv("item_link", "Tag Link"), kv("item_link_description", "A link to a tag."), kv("menu_name", "Tags"),
	kv("name_admin_bar", "post_tag"), kv("template_name", "Tag Archives").since(rest.V66),
}

// hiddenTaxonomies are registered in WordPress 6.1 but not shown in REST: their
// permission callback returns false (rest_forbidden).
var hiddenTaxonomies = []string{"link_category", "post_format", "wp_theme", "wp_template_part_area"}

// taxonomySlugs are the served taxonomies' slugs, in registration order.
func taxonomySlugs() []any {
	out := make([]any, len(taxonomyList))
	for i, t := range taxonomyList {
		out[i] = t.Slug
	}
	return out
}

// findTaxonomy is the served taxonomy slug, nil for any other (unserved ones too).
func findTaxonomy(slug string) *taxonomy {
	for _, t := range taxonomyList {
		if t.Slug == slug {
			return t
		}
	}
	return nil
}

// taxonomies is the /wp/v2/taxonomies resource.
type taxonomies struct {
	m    *Mock
	item *rest.Item[taxEntry]
	// listed are the taxonomies the version shows in REST, in registration order.
	listed []*taxEntry
}

// taxEntry is a taxonomy as one version shows it, built once at start.
type taxEntry struct {
	*taxonomy
	name   string
	labels rest.Object
}

type taxonomyField = rest.Field[taxEntry]

// find is the listed taxonomy slug, nil if the version does not show it.
func (res *taxonomies) find(slug string) *taxEntry {
	for _, e := range res.listed {
		if e.Slug == slug {
			return e
		}
	}
	return nil
}

// of is get_object_taxonomies(type) when type is given (not PHP-empty), else every
// taxonomy, less those not shown in REST.
func (res *taxonomies) of(postType string) []*taxEntry {
	if postType == "" || postType == "0" {
		return res.listed
	}
	var out []*taxEntry
	for _, e := range res.listed {
		if slices.Contains(e.Types, postType) {
			out = append(out, e)
		}
	}
	return out
}

func (res *taxonomies) declare() *rest.Item[taxEntry] {
	if res.item != nil {
		return res.item
	}
	for _, t := range shownTaxonomies(res.m.version) {
		e := &taxEntry{taxonomy: t, labels: t.Labels.at(res.m.version)}
		name, _ := e.labels.Get("name")
		e.name, _ = name.(string)
		res.listed = append(res.listed, e)
	}
	ro := func(s *rest.Schema, ctx []string) *rest.Schema { return s.Ctx(ctx...).RO() }
	res.item = &rest.Item[taxEntry]{Title: "taxonomy", Links: res.links, ExactFields: true,
		// get_item_schema's order, which is not the output order.
		SchemaOrder: []string{"capabilities", "description", "hierarchical", "labels", "name", "slug",
			"show_cloud", "types", "rest_base", "rest_namespace", "visibility"},
		Fields: []*taxonomyField{
			rest.F(ro(rest.Str("name").Desc("The title for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.name }),
			rest.F(ro(rest.Str("slug").Desc("An alphanumeric identifier for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.Slug }),
			rest.F(ro(rest.Obj("capabilities").Desc("All capabilities used by the taxonomy."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.Caps }),
			rest.F(ro(rest.Str("description").Desc("A human-readable description of the taxonomy."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Description }),
			rest.F(ro(rest.Obj("labels").Desc("Human-readable labels for the taxonomy for various contexts."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.labels }),
			rest.F(ro(rest.Arr("types", rest.Str("")).Desc("Types associated with the taxonomy."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Types }),
			rest.F(ro(rest.Bool("show_cloud").Desc("Whether or not the term cloud should be displayed."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.ShowCloud }),
			rest.F(ro(rest.Bool("hierarchical").Desc("Whether or not the taxonomy should have children."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Hierarchical }),
			rest.F(ro(rest.Str("rest_base").Desc("REST base route for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.RestBase }),
			rest.F(ro(rest.Str("rest_namespace").Desc("REST namespace route for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return Namespace }),
			// The schema's property order differs from the output's.
			rest.F(ro(rest.Obj("visibility").Desc("The visibility settings for the taxonomy.").Props(
				rest.Bool("public").Desc("Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users."),
				rest.Bool("publicly_queryable").Desc("Whether the taxonomy is publicly queryable."),
				rest.Bool("show_ui").Desc("Whether to generate a default UI for managing this taxonomy."),
				rest.Bool("show_admin_column").Desc("Whether to allow automatic creation of taxonomy columns on associated post-types table."),
				rest.Bool("show_in_nav_menus").Desc("Whether to make the taxonomy available for selection in navigation menus."),
				rest.Bool("show_in_quick_edit").Desc("Whether to show the taxonomy in the quick/bulk edit panel."),
			), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.Visibility }),
		}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// links is prepare_links: the collection and the taxonomy's terms; no self.
func (res *taxonomies) links(r *rest.Request, t *taxEntry) rest.Links {
	return rest.Links{}.
		Add("collection", r.RestURL("/"+Namespace+"/taxonomies")).
		Add("wp:items", r.RestURL("/"+Namespace+"/"+t.RestBase))
}

func (res *taxonomies) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + "/taxonomies"
	return []*rest.Route{
		// WordPress keys this collection by slug (get_items builds an object)
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				contextArg(),
				rest.Str("type").Desc("Limit results to taxonomies associated with a specific post type."),
			}, Permission: res.listPermission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<taxonomy>[\w-]+)`, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("taxonomy").Desc("An alphanumeric identifier for the taxonomy."), contextArg(),
			}, Permission: res.getPermission, Handler: res.get},
		}},
	}
}

// listPermission is get_items_permissions_check: the edit context needs assign_terms
// on one of the taxonomies asked for (none when type names a type without any).
func (res *taxonomies) listPermission(r *rest.Request) *rest.Error {
	if r.Context() != rest.Edit {
		return nil
	}
	for _, t := range res.of(r.String("type")) {
		if can(r, t.assignCap()) {
			return nil
		}
	}
	return r.Forbidden(codeCannotView, msgManageTerms)
}

// list is get_items: an object keyed by slug, {} when nothing is left.
func (res *taxonomies) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	for _, t := range res.of(r.String("type")) {
		if r.Context() == rest.Edit && !can(r, t.assignCap()) {
			continue
		}
		out = append(out, rest.Member{Key: t.Slug, Value: orEmptyArray(res.item.Render(r, t))})
	}
	return rest.OK(out), nil // an empty Object prints {}, as WordPress's (object) cast
}

// getPermission is get_item_permissions_check. An unknown slug passes, for get_item to
// answer rest_taxonomy_invalid.
func (res *taxonomies) getPermission(r *rest.Request) *rest.Error {
	slug := r.String("taxonomy")
	t := res.find(slug)
	if t == nil {
		for _, h := range hiddenTaxonomies {
			if h == slug {
				return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
			}
		}
		return nil
	}
	if r.Context() == rest.Edit && !can(r, t.assignCap()) {
		return r.Forbidden(codeForbiddenContext, msgManageTerms)
	}
	return nil
}

func (res *taxonomies) get(r *rest.Request) (*rest.Response, *rest.Error) {
	t := res.find(r.String("taxonomy"))
	if t == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeTaxonomyInvalid, msgTaxonomyInvalid)
	}
	return rest.OK(res.item.Render(r, t)), nil
}
