import type { FieldValues, Resolver } from 'react-hook-form';

/** A form's resolver whose code loads apart from the page; `preload` starts loading it. */
export type LazyResolver<Values extends FieldValues, Context, Output> = Resolver<
  Values,
  Context,
  Output
> & { preload: () => void };

/**
 * A resolver for react-hook-form that loads the real one (its schema, and the validation library)
 * on the form's first check, or earlier when `preload` is called (a field was focused). Built with
 * the page, the sign-in forms' schemas were the largest part of its start on a phone. A failed
 * load is tried again at the next check.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): LazyResolver<Values, Context, Output> {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      loaded().catch(() => {
        // Tried again at the first check, which reports the failure.
      });
    },
  });
}
