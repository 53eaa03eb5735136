// Client code written the way frontends call WordPress, type-checked against the types
// openapi-typescript generates from the mock's OpenAPI document.
import createClient from "openapi-fetch";
import type { components, paths } from "./.out/wp";

type Post = components["schemas"]["Post"];
type Media = components["schemas"]["Attachment"];
type PostCreate = components["schemas"]["Post_create"];
type PostUpdate = components["schemas"]["Post_update"];
type MediaUpdate = components["schemas"]["Attachment_update"];

const client = createClient<paths>({
  baseUrl: "http://127.0.0.1:8080",
  headers: { Authorization: "Basic " + btoa("admin:xxxx xxxx xxxx xxxx xxxx xxxx") },
});

export async function latest(): Promise<string[]> {
  const { data, error, response } = await client.GET("/wp-json/wp/v2/posts", {
    params: { query: { per_page: 5, page: 1, _embed: true, orderby: "date", order: "desc", categories: [1] } },
  });
  if (error) throw new Error(error.message + " " + error.code);
  const total: number = Number(response.headers.get("X-WP-Total"));
  const first: Post = data[0];
  const id: number = first.id;
  const title: string = first.title.rendered;
  const link: string = first.link;
  const date: string | null = first.date;
  const slug: string = first.slug;
  void [total, id, link, date, slug];
  return data.map((p) => p.title.rendered + title);
}

export async function embedSome() {
  const { data } = await client.GET("/wp-json/wp/v2/posts/{id}", {
    params: { path: { id: 1 }, query: { _embed: ["author", "wp:featuredmedia"], context: "view" } },
  });
  return data?._embedded;
}

export async function write() {
  const post: PostCreate = { title: "Hello", content: "<p>Hi</p>", excerpt: "Hi", status: "publish", categories: [1], tags: [], sticky: false };
  const created = await client.POST("/wp-json/wp/v2/posts", { body: post });
  if (created.error) throw new Error(created.error.message);
  const id: number = created.data.id;
  const raw: string | undefined = created.data.title.raw;
  const update: PostUpdate = { title: { raw: "Hello again" }, content: { raw: "<p>Again</p>" }, date: "2024-01-02T03:04:05" };
  await client.POST("/wp-json/wp/v2/posts/{id}", { params: { path: { id } }, body: update });
  const del = await client.DELETE("/wp-json/wp/v2/posts/{id}", { params: { path: { id }, query: { force: true } } });
  return [raw, del.data];
}

export async function media() {
  const { data } = await client.GET("/wp-json/wp/v2/media/{id}", { params: { path: { id: 1 } } });
  if (!data) return undefined;
  const m: Media = data;
  const change: MediaUpdate = { title: "A photo", caption: "Taken here", description: { raw: "Long text" }, alt_text: "A photo" };
  await client.POST("/wp-json/wp/v2/media/{id}", { params: { path: { id: m.id } }, body: change });
  const url: string = m.source_url;
  const medium: string | undefined = m.media_details.sizes?.medium?.source_url;
  const width: number | undefined = m.media_details.width;
  return [url, medium, width];
}

export async function users() {
  const { data } = await client.GET("/wp-json/wp/v2/users", { params: { query: { has_published_posts: true, per_page: 100 } } });
  const me = await client.GET("/wp-json/wp/v2/users/me", { params: { query: { context: "edit" } } });
  return [data?.map((u) => u.name + u.slug + u.id), me.data?.id];
}

export async function terms() {
  const cats = await client.GET("/wp-json/wp/v2/categories", { params: { query: { hide_empty: true, parent: 0 } } });
  const tag = await client.POST("/wp-json/wp/v2/tags", { body: { name: "News" } });
  return [cats.data?.map((c) => c.name + c.count), tag.data?.id];
}

// What the types must refuse: each line below must fail to compile (tsc fails on an
// expect-error directive that has no error), so the checks above cannot pass by accident.
export function refused(p: Post) {
  // @ts-expect-error a title is text or {raw}, not a number
  const t: PostCreate = { title: 5 };
  // @ts-expect-error the status is one of WordPress's
  const s: PostCreate = { status: "published" };
  // @ts-expect-error id is always returned: never undefined
  const id: undefined = p.id;
  // @ts-expect-error per_page is a number
  void client.GET("/wp-json/wp/v2/posts", { params: { query: { per_page: "ten" } } });
  return [t, s, id];
}
