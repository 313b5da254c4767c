import { describeRouteFuzz } from "./route-fuzz";

describeRouteFuzz({ shard: 4, shards: 4 });
