/** The production server's command line, after `node`. */
export declare const SERVER_ARGS: string[];
