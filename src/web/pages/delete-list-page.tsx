import { CsrfField } from '../form-controls';
import { Layout, type Viewer } from '../layout';

/** The confirm step of deleting a list: a real form, so the delete is a POST and never a followed link. */
export function DeleteListPage(props: {
  viewer: Viewer;
  list: { id: number; name: string };
  companyCount: number;
}) {
  const { viewer, list, companyCount } = props;
  return (
    <Layout title={`Delete ${list.name}`} viewer={viewer} section="lists" sectionSubpage>
      <h1>Delete the list “{list.name}”?</h1>
      <p>
        Its {companyCount} {companyCount === 1 ? 'company is' : 'companies are'} no longer monitored through
        it. The companies stay on the register and on your other lists. This cannot be undone.
      </p>
      <form method="post" action={`/app/lists/${list.id}/delete`} id="delete-list-form">
        <CsrfField token={viewer.csrfToken} />
        <button type="submit" class="button-danger">
          Delete list
        </button>{' '}
        <a href={`/app/lists/${list.id}`}>Cancel</a>
      </form>
    </Layout>
  );
}
