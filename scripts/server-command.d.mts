/** Node's options for the production server (heap settings included), before the script. */
export declare const SERVER_NODE_OPTIONS: string[];
/** The production server's command line, after `node`. */
export declare const SERVER_ARGS: string[];
