import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function AuthRoute() {
  return (
    <PlaceholderPage
      title="Login or Register"
      description="Sign in or create a free account here, with an e-mail address and password or with Google."
    />
  );
}
